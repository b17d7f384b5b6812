import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CREATOR_REFUND_DAYS } from '../../../../../common/schemas/transactions';
import { ListStatus } from '../../admin/components/ListStatus';
import { useTransactions } from '../api/transactions';
import { TransactionsTable } from './TransactionsTable';

const NO_FILTERS = { itemId: '', creatorId: '', buyerId: '' };
const WINDOW_MS = CREATOR_REFUND_DAYS * 86_400_000;

/** The dashboard's list of the payments a creator received (issue 43), refundable for 14 days. */
export function CreatorTransactions() {
  const { t } = useTranslation();
  const list = useTransactions('creator', NO_FILTERS);
  const rows = list.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <Card className="mb-4" data-testid="creator-transactions">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('transactions.creatorTitle')}
        </Card.Title>
        <p className="aura-muted small">
          {t('transactions.creatorHint', { days: CREATOR_REFUND_DAYS })}
        </p>
        <ListStatus
          query={list}
          isEmpty={rows.length === 0}
          emptyText={t('transactions.empty')}
          testId="creator-transactions"
        >
          <TransactionsTable
            transactions={rows}
            scope="creator"
            canRefund={(row) => Date.now() - Date.parse(row.createdAt) < WINDOW_MS}
          />
          {list.hasNextPage && (
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('transactions.more')}
            </Button>
          )}
        </ListStatus>
      </Card.Body>
    </Card>
  );
}
