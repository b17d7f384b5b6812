import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  isTestPaymentSessionId,
  type CheckoutSessionResponse,
} from '../../../../../common/schemas/billing';
import { useCheckoutSessionResult } from '../api/billing-hooks';
import { formatMoney } from '../../../../../common/rules/money';
import { formatDate } from '../components/format-date';
import { TestPaymentNotice } from '../components/TestPaymentNotice';
import { PurchasedProductView } from '../components/PurchasedProductView';

/** SPEC §2/§4/§5 /success?session_id=: loading, error, or the result of the payment. */
export default function SuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return (
    <main className="container py-4" style={{ maxWidth: 720 }}>
      {sessionId ? (
        <SessionResult sessionId={sessionId} />
      ) : (
        <div className="alert alert-danger" role="alert">
          {t('success.invalidSession')}
        </div>
      )}
      <Link to="/dashboard" className="btn btn-primary mt-3">
        {t('success.toDashboard')}
      </Link>
    </main>
  );
}

function SessionResult({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const session = useCheckoutSessionResult(sessionId);

  if (session.isPending) {
    return (
      <p role="status" className="aura-muted">
        {t('success.loading')}
      </p>
    );
  }
  if (session.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        {t('success.fetchFailed')}
        <div className="small mt-1">{session.error.message}</div>
      </div>
    );
  }
  return <SessionDetails session={session.data} />;
}

function SessionDetails({ session }: { session: CheckoutSessionResponse }) {
  const { t, i18n } = useTranslation();
  const isPaid = session.payment_status === 'paid';
  const method = session.payment_method_types[0]?.toUpperCase() ?? '';
  return (
    <>
      <h1 className="h3 mb-3">{isPaid ? t('success.title') : t('success.notPaid')}</h1>
      {isTestPaymentSessionId(session.id) && (
        <div className="mb-3">
          <TestPaymentNotice isDone={isPaid} />
        </div>
      )}
      <dl className="row mb-4" data-testid="success-details">
        <dt className="col-sm-4">{t('success.paymentId')}</dt>
        <dd className="col-sm-8 text-break" data-testid="success-payment-id">
          {session.id}
        </dd>
        <dt className="col-sm-4">{t('success.email')}</dt>
        <dd className="col-sm-8" data-testid="success-email">
          {session.customer_details?.email ?? '—'}
        </dd>
        <dt className="col-sm-4">{t('success.total')}</dt>
        <dd className="col-sm-8" data-testid="success-total">
          {formatMoney(session.amount_total, session.currency, i18n.language)}
        </dd>
        <dt className="col-sm-4">{t('success.method')}</dt>
        <dd className="col-sm-8" data-testid="success-method">
          {method}
        </dd>
      </dl>
      {isPaid && <PurchaseOutcome session={session} />}
    </>
  );
}

/** What the payment bought: the unlocked item, the membership, or the new balance. */
function PurchaseOutcome({ session }: { session: CheckoutSessionResponse }) {
  const { t, i18n } = useTranslation();
  if (session.metadata.kind === 'subscription' && session.subscription) {
    const sub = session.subscription;
    return (
      <div className="alert alert-success" role="status">
        {t('success.membership', { tier: sub.tier, creator: sub.creatorName })}{' '}
        <Link to={`/hypr/${sub.creatorId}`} className="alert-link">
          {t('profile.open', { name: sub.creatorName })}
        </Link>
        {sub.currentPeriodEnd && (
          <div className="small mt-1">
            {t('success.accessUntil', { date: formatDate(sub.currentPeriodEnd, i18n.language) })}
          </div>
        )}
      </div>
    );
  }
  if (session.metadata.kind === 'topup' && session.walletBalanceCents !== null) {
    return (
      <div className="alert alert-success" role="status">
        {t('success.topup', {
          balance: formatMoney(session.walletBalanceCents, session.currency, i18n.language),
        })}{' '}
        <Link to="/wallet" className="alert-link">
          {t('success.toWallet')}
        </Link>
      </div>
    );
  }
  if (session.metadata.kind === 'gift') {
    return (
      <div className="alert alert-success" role="status" data-testid="success-gift">
        {t('success.gift')}{' '}
        <Link to="/wallet" className="alert-link">
          {t('success.toWallet')}
        </Link>
      </div>
    );
  }
  if (session.metadata.kind === 'tip') {
    return (
      <div className="alert alert-success" role="status" data-testid="success-tip">
        {t('success.tip')}
      </div>
    );
  }
  // SPEC §5: the product id from the metadata must be a number to match a product.
  const productId = Number.parseInt(session.metadata.productId, 10);
  const product = session.product && session.product.id === productId ? session.product : null;
  if (!product) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('success.noProduct')}
      </div>
    );
  }
  return <PurchasedProductView product={product} />;
}
