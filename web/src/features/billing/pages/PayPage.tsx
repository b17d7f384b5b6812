import '../components/checkout.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { LocalCheckoutSummary } from '../../../../../common/schemas/billing';
import { abandonLocalCheckout, useLocalCheckout } from '../api/billing-hooks';
import { LockIcon } from '../components/LockIcon';
import { formatMoney } from '../../../../../common/rules/money';
import { TIER_PRICE_CENTS } from '../../../../../common/rules/tiers';
import { goTo } from '../components/go-to';
import { TestPaymentNotice } from '../components/TestPaymentNotice';
import { LocalPayForm } from '../components/LocalPayForm';

/**
 * The built-in local provider's hosted checkout (issue 5): the stand-in for Stripe's page, so it
 * looks like the app but says plainly that it is a payment page in test mode.
 */
export default function PayPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const summary = useLocalCheckout(sessionId);

  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <header className="d-flex align-items-center gap-2 mb-3">
        <LockIcon size={22} />
        <h1 className="h4 mb-0">{t('pay.title')}</h1>
        <span className="badge text-bg-warning ms-auto">{t('pay.testMode')}</span>
      </header>
      <div className="mb-3">
        <TestPaymentNotice />
      </div>
      {summary.isPending ? (
        <p role="status" className="aura-muted">
          {t('pay.loading')}
        </p>
      ) : summary.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('pay.loadFailed')}
          <div className="small mt-1">{summary.error.message}</div>
        </div>
      ) : (
        <PaySession summary={summary.data} />
      )}
      <p className="small aura-muted mt-4 mb-0">{t('pay.provider')}</p>
    </main>
  );
}

function PaySession({ summary }: { summary: LocalCheckoutSummary }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const amount = formatMoney(summary.amountTotal, summary.currency, i18n.language);

  const cancel = async () => {
    goTo(navigate, await abandonLocalCheckout(summary.id, summary.cancelUrl));
  };

  return (
    <section className="card aura-checkout-card shadow-sm">
      <div className="card-body">
        <div className="small aura-muted">{t('pay.payTo', { merchant: summary.merchantName })}</div>
        <div className="fs-2 fw-bold" data-testid="pay-amount">
          {amount}
          {summary.interval === 'month' && (
            <span className="fs-6 fw-normal aura-muted"> {t('pay.perMonth')}</span>
          )}
          {summary.interval === 'year' && (
            <span className="fs-6 fw-normal aura-muted"> {t('pay.perYear')}</span>
          )}
        </div>
        <div className="mb-3" data-testid="pay-description">
          {/* Issue 10: the server's English line, in the reader's language where it is ours. */}
          {summary.kind === 'topup'
            ? t('checkout.topupTier')
            : summary.kind === 'subscription' && summary.tier
              ? t('pay.membershipLine', { tier: summary.tier, creator: summary.merchantName })
              : summary.description}
        </div>
        {summary.trialDays !== null && summary.trialDays > 0 && summary.tier !== null && (
          <div className="mb-3 small fw-semibold text-success-emphasis" data-testid="pay-trial">
            {t(summary.interval === 'year' ? 'trials.freeThenYear' : 'trials.freeThen', {
              count: summary.trialDays,
              price: formatMoney(
                summary.periodPriceCents ?? TIER_PRICE_CENTS[summary.tier],
                summary.currency,
                i18n.language,
              ),
            })}
          </div>
        )}
        {summary.discountCode && summary.discountCents !== null && (
          <div className="mb-3 small text-success" data-testid="pay-discount">
            {t('pay.discount', {
              code: summary.discountCode,
              amount: formatMoney(summary.discountCents, summary.currency, i18n.language),
            })}
            {summary.interval === 'month' && ` ${t('pay.discountFirstMonth')}`}
          </div>
        )}
        {summary.status === 'open' ? (
          <LocalPayForm summary={summary} amount={amount} />
        ) : summary.status === 'complete' ? (
          <div className="alert alert-info" role="status">
            {t('pay.alreadyPaid')}{' '}
            <Link to={summary.successUrl} className="alert-link">
              {t('pay.continue')}
            </Link>
          </div>
        ) : (
          <div className="alert alert-warning" role="alert">
            {t('pay.expired')}
          </div>
        )}
        {summary.status === 'open' && (
          <a
            href={summary.cancelUrl}
            className="d-inline-block mt-3"
            onClick={(event) => {
              event.preventDefault();
              void cancel();
            }}
          >
            {t('pay.cancel')}
          </a>
        )}
      </div>
    </section>
  );
}
