import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { roleHolds } from '../../../../../common/rules/permissions';
import { useAuth } from '../../../app/auth';
import { ListStatus } from '../../admin/components/ListStatus';
import { useTransactions, type TransactionFilters } from '../api/transactions';
import { TransactionsTable } from '../components/TransactionsTable';

const FILTERS = ['itemId', 'creatorId', 'buyerId'] as const;

/**
 * /admin/transactions (issue 43): every single payment, newest first, filtered by item, creator
 * or buyer (the URL holds the filters, so the sales page links to an item's payments); admins
 * refund from here.
 */
export default function AdminTransactionsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters: TransactionFilters = {
    itemId: params.get('itemId') ?? '',
    creatorId: params.get('creatorId') ?? '',
    buyerId: params.get('buyerId') ?? '',
  };
  const list = useTransactions('admin', filters);
  const rows = list.data?.pages.flatMap((page) => page.transactions) ?? [];
  const mayRefund = user ? roleHolds(user.role, 'admin.sales.refund') : false;

  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h3 mb-0">{t('transactions.title')}</h1>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next = new URLSearchParams();
          for (const name of FILTERS) {
            const value = String(form.get(name) ?? '').trim();
            if (value) next.set(name, value);
          }
          setParams(next);
        }}
      >
        <Row className="g-2 align-items-end">
          {FILTERS.map((name) => (
            <Col sm={4} md={3} key={name}>
              <Form.Group controlId={`transactions-${name}`}>
                <Form.Label className="small mb-1">{t(`transactions.filters.${name}`)}</Form.Label>
                <Form.Control size="sm" name={name} defaultValue={filters[name]} />
              </Form.Group>
            </Col>
          ))}
          <Col xs="auto">
            <Button size="sm" type="submit">
              {t('transactions.filters.apply')}
            </Button>
          </Col>
        </Row>
      </Form>
      <ListStatus
        query={list}
        isEmpty={rows.length === 0}
        emptyText={t('transactions.empty')}
        testId="admin-transactions"
      >
        <TransactionsTable transactions={rows} scope="admin" canRefund={() => mayRefund} />
        {list.hasNextPage && (
          <Button
            variant="outline-secondary"
            size="sm"
            className="align-self-start"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('transactions.more')}
          </Button>
        )}
      </ListStatus>
    </div>
  );
}
