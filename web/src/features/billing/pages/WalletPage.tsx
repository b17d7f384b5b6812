import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWalletHistory } from '../api/billing-hooks';
import { formatMoney } from '../../../../../common/rules/money';
import { MembershipsPanel } from '../components/MembershipsPanel';
import { TopUpPanel } from '../components/TopUpPanel';
import { WalletHistory } from '../components/WalletHistory';
import { SentGiftsPanel } from '../../gifts/components/SentGiftsPanel';

/** /wallet (issue 5): balance, history with a chart, top-ups, the fan's memberships and gifts. */
export default function WalletPage() {
  const { t, i18n } = useTranslation();
  const wallet = useWalletHistory();
  const first = wallet.data?.pages[0];

  return (
    <main className="container py-4 d-flex flex-column gap-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h1 className="h3 mb-0">{t('wallet.title')}</h1>
        <Link to="/wallet/payouts" className="btn btn-outline-secondary btn-sm">
          {t('payouts.walletLink')}
        </Link>
      </div>
      {wallet.isPending ? (
        <p role="status" className="aura-muted">
          {t('wallet.loading')}
        </p>
      ) : wallet.isError || !first ? (
        <div className="alert alert-danger" role="alert">
          {t('wallet.loadError', { message: wallet.error?.message ?? '' })}
        </div>
      ) : (
        <>
          <div className="row g-4">
            <div className="col-md-5">
              <section className="card shadow-sm h-100">
                <div className="card-body">
                  <h2 className="h6 aura-muted">{t('wallet.balance')}</h2>
                  <p className="display-6 fw-bold mb-0" data-testid="wallet-page-balance">
                    {formatMoney(first.balanceCents, first.currency, i18n.language)}
                  </p>
                </div>
              </section>
            </div>
            <div className="col-md-7">
              <TopUpPanel />
            </div>
          </div>
          <WalletHistory
            balanceCents={first.balanceCents}
            currency={first.currency}
            entries={wallet.data.pages.flatMap((page) => page.entries)}
            hasMore={wallet.hasNextPage}
            isLoadingMore={wallet.isFetchingNextPage}
            onLoadMore={() => void wallet.fetchNextPage()}
          />
        </>
      )}
      <MembershipsPanel />
      <SentGiftsPanel />
    </main>
  );
}
