import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { centsToDecimalString, formatMoney } from '../../../../../common/rules/money';
import type { Transaction } from '../../../../../common/schemas/transactions';
import { ConfirmDialog, type ConfirmRequest } from '../../admin/components/ConfirmDialog';
import { useRefund, type TransactionsScope } from '../api/transactions';

const STATE_VARIANT = { none: 'secondary', partial: 'warning', refunded: 'danger' } as const;

/** Cents typed as "4.50" or "4,50"; null when it is not an amount. */
function centsOf(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function RefundBody({
  transaction,
  onAmount,
}: {
  transaction: Transaction;
  onAmount: (cents: number | null | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const left = transaction.amountCents - transaction.refundedCents;
  return (
    <>
      <p>
        {t('transactions.refund.confirm', {
          amount: formatMoney(left, transaction.currency, i18n.language),
          buyer: transaction.buyer?.username ?? t('transactions.unknownBuyer'),
        })}
      </p>
      <Form.Group controlId={`refund-amount-${transaction.id}`}>
        <Form.Label>{t('transactions.refund.amount')}</Form.Label>
        <Form.Control
          inputMode="decimal"
          placeholder={centsToDecimalString(left)}
          onChange={(event) => {
            const text = event.target.value;
            onAmount(text.trim() === '' ? undefined : centsOf(text));
          }}
          data-testid="refund-amount"
        />
        <Form.Text>{t('transactions.refund.amountHint')}</Form.Text>
      </Form.Group>
    </>
  );
}

/** The rows of a transactions list, each with its refund state and, when allowed, a refund button. */
export function TransactionsTable({
  transactions,
  scope,
  canRefund,
}: {
  transactions: readonly Transaction[];
  scope: TransactionsScope;
  canRefund: (transaction: Transaction) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const refund = useRefund(scope);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const ask = (transaction: Transaction) => {
    let amount: number | null | undefined;
    setConfirm({
      title: t('transactions.refund.title'),
      body: <RefundBody transaction={transaction} onAmount={(cents) => (amount = cents)} />,
      confirmLabel: t('transactions.refund.action'),
      variant: 'danger',
      run: async () => {
        if (amount === null) throw new Error(t('transactions.refund.badAmount'));
        await refund.mutateAsync({
          transaction,
          ...(amount === undefined ? {} : { amountCents: amount }),
        });
      },
    });
  };

  return (
    <>
      <Table responsive size="sm" className="align-middle" data-testid="transactions-table">
        <thead>
          <tr>
            <th scope="col">{t('transactions.columns.id')}</th>
            <th scope="col">{t('transactions.columns.time')}</th>
            <th scope="col">{t('transactions.columns.what')}</th>
            <th scope="col">{t('transactions.columns.buyer')}</th>
            {scope === 'admin' && <th scope="col">{t('transactions.columns.creator')}</th>}
            <th scope="col">{t('transactions.columns.provider')}</th>
            <th scope="col" className="text-end">
              {t('transactions.columns.amount')}
            </th>
            <th scope="col">{t('transactions.columns.state')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('transactions.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((row) => (
            <tr key={row.id} data-testid={`transaction-${row.id}`}>
              <td>{row.id}</td>
              <td>{time.format(new Date(row.createdAt))}</td>
              <td>
                {row.item ? (
                  <Link to={`/product/${row.item.id}`}>{row.item.title}</Link>
                ) : row.kind === 'tip' ? (
                  t('transactions.tip')
                ) : row.tier ? (
                  t('transactions.membership', { tier: row.tier })
                ) : (
                  t('transactions.deletedItem')
                )}
              </td>
              <td>{row.buyer?.username ?? t('transactions.unknownBuyer')}</td>
              {scope === 'admin' && <td>{row.creator.username}</td>}
              <td>{t(`transactions.provider.${row.provider}`)}</td>
              <td className="text-end">
                {formatMoney(row.amountCents, row.currency, i18n.language)}
              </td>
              <td>
                <Badge bg={STATE_VARIANT[row.refundState]} data-testid="refund-state">
                  {t(`transactions.state.${row.refundState}`, {
                    amount: formatMoney(row.refundedCents, row.currency, i18n.language),
                  })}
                </Badge>{' '}
                {row.dispute && <Badge bg="dark">{t(`transactions.dispute.${row.dispute}`)}</Badge>}
              </td>
              <td className="text-end">
                {row.refundState !== 'refunded' && canRefund(row) && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => ask(row)}
                    data-testid="refund-button"
                  >
                    {t('transactions.refund.action')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {confirm && <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />}
    </>
  );
}
