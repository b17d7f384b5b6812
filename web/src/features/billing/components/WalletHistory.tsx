import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletEntry } from '../../../../../common/schemas/billing';
import { formatMoney } from '../../../../../common/rules/money';
import { formatDate } from './format-date';
import { balanceSeries } from './balance-series';

const BalanceChart = lazy(() => import('./BalanceChart'));

export function WalletHistory({
  balanceCents,
  currency,
  entries,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: {
  balanceCents: number;
  currency: string;
  entries: WalletEntry[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const date = (iso: string) => formatDate(iso, i18n.language);

  return (
    <section className="card shadow-sm">
      <div className="card-body">
        <h2 className="h5">{t('wallet.historyTitle')}</h2>
        {entries.length === 0 ? (
          <p className="aura-muted mb-0">{t('wallet.empty')}</p>
        ) : (
          <>
            <Suspense fallback={<p className="aura-muted">{t('wallet.chartLoading')}</p>}>
              <BalanceChart
                points={balanceSeries(balanceCents, entries, !hasMore)}
                label={t('wallet.chartLabel')}
                formatDate={date}
                formatAmount={money}
              />
            </Suspense>
            <div className="table-responsive mt-3">
              <table className="table table-sm align-middle mb-0" data-testid="wallet-history">
                <thead>
                  <tr>
                    <th scope="col">{t('wallet.columns.date')}</th>
                    <th scope="col">{t('wallet.columns.type')}</th>
                    <th scope="col">{t('wallet.columns.item')}</th>
                    <th scope="col" className="text-end">
                      {t('wallet.columns.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{date(entry.createdAt)}</td>
                      <td>{t(`wallet.kinds.${entry.kind}`)}</td>
                      <td>{entry.itemTitle ?? '—'}</td>
                      {/* The emphasis shades follow the light or dark scheme: plain text-success
                          and text-danger fall below AA contrast on dark cards. */}
                      <td
                        className={`text-end ${entry.amountCents < 0 ? 'text-danger-emphasis' : 'text-success-emphasis'}`}
                      >
                        {money(entry.amountCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {hasMore && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm mt-3"
                disabled={isLoadingMore}
                onClick={onLoadMore}
              >
                {t('wallet.loadMore')}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
