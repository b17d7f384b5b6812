import type { ReactNode } from 'react';
import { Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../../common/rules/money';
import type { PublicTip } from '../../../../../common/schemas/tips';
import { formatDate } from '../../billing/components/format-date';
import { usePublicTips } from '../api/tips';

/** One tip as a line: who, how much, when, and the message. */
export function TipLine({ tip, extra }: { tip: PublicTip; extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <ListGroup.Item data-testid="tip-line">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span>
          {tip.fan ? (
            <Link to={`/creator/${tip.fan.username}`}>{tip.fan.displayName}</Link>
          ) : (
            t('tips.someone')
          )}{' '}
          <strong>{formatMoney(tip.amountCents, tip.currency, i18n.language)}</strong>
        </span>
        <small className="text-muted">{formatDate(tip.createdAt, i18n.language)}</small>
      </div>
      {tip.message && (
        <p className="mb-0 mt-1 text-break" data-testid="tip-text">
          {tip.message}
        </p>
      )}
      {extra}
    </ListGroup.Item>
  );
}

/** The creator page's tips (issue 43): those whose fans let the page show them. */
export function TipsList({ username }: { username: string }) {
  const { t } = useTranslation();
  const tips = usePublicTips(username);
  const rows = tips.data?.pages.flatMap((page) => page.tips) ?? [];
  if (tips.isPending || tips.isError || rows.length === 0) return null;
  return (
    <section aria-labelledby="creator-tips-title" data-testid="creator-tips">
      <Card>
        <Card.Body>
          <Card.Title as="h2" id="creator-tips-title" className="h5">
            {t('tips.publicTitle')}
          </Card.Title>
          <ListGroup variant="flush">
            {rows.map((tip) => (
              <TipLine key={tip.id} tip={tip} />
            ))}
          </ListGroup>
          {tips.hasNextPage && (
            <Button
              variant="link"
              onClick={() => void tips.fetchNextPage()}
              disabled={tips.isFetchingNextPage}
            >
              {tips.isFetchingNextPage ? <Spinner size="sm" /> : t('tips.more')}
            </Button>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
