import { Badge, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../common/rules/money';
import { useOwnTips } from '../api/tips';
import { TipLine } from './TipsList';

/** The dashboard's "Tips" panel (issue 43): every tip of the creator, the private ones too. */
export function TipsPanel() {
  const { t, i18n } = useTranslation();
  const tips = useOwnTips();
  const rows = tips.data?.pages.flatMap((page) => page.tips) ?? [];
  return (
    <Card className="mb-4" data-testid="tips-panel">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('tips.panelTitle')}
        </Card.Title>
        {tips.isPending && <Spinner size="sm" role="status" />}
        {tips.isError && <p className="text-danger mb-0">{t('tips.loadFailed')}</p>}
        {tips.isSuccess && rows.length === 0 && <p className="text-muted mb-0">{t('tips.none')}</p>}
        {rows.length > 0 && (
          <ListGroup variant="flush">
            {rows.map((tip) => (
              <TipLine
                key={tip.id}
                tip={tip}
                extra={
                  <div className="small text-muted mt-1 d-flex gap-2 align-items-center">
                    <span>
                      {t('tips.earned', {
                        amount: formatMoney(tip.netCents, tip.currency, i18n.language),
                      })}
                    </span>
                    <Badge bg={tip.showPublicly ? 'success' : 'secondary'}>
                      {tip.showPublicly ? t('tips.public') : t('tips.private')}
                    </Badge>
                  </div>
                }
              />
            ))}
          </ListGroup>
        )}
        {tips.hasNextPage && (
          <Button
            variant="link"
            onClick={() => void tips.fetchNextPage()}
            disabled={tips.isFetchingNextPage}
          >
            {t('tips.more')}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
