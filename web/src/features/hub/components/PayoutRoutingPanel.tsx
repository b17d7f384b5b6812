import { useState } from 'react';
import { Alert, Badge, Button, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PayoutSetting } from '../../../../../common/schemas/payouts';
import { useHubPayouts } from '../api/hub';
import { PayoutStatusBadge } from './Badges';
import { PayoutEditDialog } from './PayoutEditDialog';
import { PayoutRunControl } from './PayoutRunControl';

/** SPEC §2 payout routing: the table (numbers masked), the edit dialog and the payout run. */
export function PayoutRoutingPanel() {
  const { t } = useTranslation();
  const payouts = useHubPayouts();
  const [editing, setEditing] = useState<PayoutSetting | null>(null);
  const rows = payouts.data?.pages.flatMap((page) => page.payouts) ?? [];
  const abilities = payouts.data?.pages[0]?.abilities ?? { canEdit: false, canRun: false };
  const yesNo = (value: boolean) =>
    value ? t('masteraxis.payouts.yes') : t('masteraxis.payouts.no');

  return (
    <Card as="section" aria-labelledby="hub-payouts" data-testid="hub-payouts">
      <Card.Body>
        <h2 id="hub-payouts" className="h5">
          {t('masteraxis.payouts.title')}
        </h2>
        {payouts.isPending ? (
          <p role="status" className="aura-muted mb-0">
            {t('masteraxis.loading')}
          </p>
        ) : payouts.isError ? (
          <Alert variant="danger" className="mb-0">
            {t('masteraxis.loadError', { message: payouts.error.message })}
          </Alert>
        ) : rows.length === 0 ? (
          <p className="aura-muted mb-0">{t('masteraxis.payouts.noCreators')}</p>
        ) : (
          <>
            <Table
              responsive
              size="sm"
              className="mb-2 align-middle"
              data-testid="hub-payout-table"
            >
              <thead>
                <tr>
                  <th scope="col">{t('masteraxis.payouts.columns.creator')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.paymentMethod')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.bankName')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.accountNumber')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.routingNumber')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.currency')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.status')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.autoPayout')}</th>
                  <th scope="col">{t('masteraxis.payouts.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid={`payout-row-${row.username}`}>
                    <td>{row.creator}</td>
                    <td>{row.configured ? row.paymentMethod : t('masteraxis.payouts.notSetUp')}</td>
                    <td>{row.bankName}</td>
                    <td>
                      <span className="font-monospace">{row.accountNumber ?? '—'}</span>
                      {row.unreadable && (
                        <Badge
                          bg="warning"
                          text="dark"
                          className="ms-2"
                          title={t('masteraxis.payouts.unreadableHint')}
                          data-testid="payout-unreadable"
                        >
                          {t('masteraxis.payouts.unreadable')}
                        </Badge>
                      )}
                    </td>
                    <td>
                      <span className="font-monospace">{row.routingNumber ?? '—'}</span>
                    </td>
                    <td>{row.currency.toUpperCase()}</td>
                    <td>
                      <PayoutStatusBadge status={row.status} />
                    </td>
                    <td>{yesNo(row.autoPayout)}</td>
                    <td>
                      <Button
                        variant="outline-primary"
                        size="sm"
                        disabled={!abilities.canEdit}
                        onClick={() => setEditing(row)}
                        aria-label={t('masteraxis.payouts.editLabel', { creator: row.creator })}
                      >
                        {t('masteraxis.payouts.edit')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {payouts.hasNextPage && (
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => void payouts.fetchNextPage()}
                disabled={payouts.isFetchingNextPage}
              >
                {t('masteraxis.loadMore')}
              </Button>
            )}
          </>
        )}
        <PayoutRunControl canRun={abilities.canRun} />
      </Card.Body>
      {editing && abilities.canEdit && (
        <PayoutEditDialog setting={editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
