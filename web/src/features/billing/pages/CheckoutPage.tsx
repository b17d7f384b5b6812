import '../components/checkout.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../../common/rules/money';
import { RequestError } from '../../../shared/api/request';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isTier } from '../../../../../common/rules/tiers';
import { TOPUP_TIER } from '../../../../../common/schemas/billing';
import {
  abandonLocalCheckout,
  useBillingConfig,
  useNewCheckoutSession,
} from '../api/billing-hooks';
import {
  checkoutPriceText,
  checkoutRequest,
  readCheckoutState,
  takesDiscountCode,
  type CheckoutState,
} from '../components/checkout-state';
import { useAuth } from '../../../app/auth';
import { signInPath } from '../../../app/return-to';
import {
  checkoutReturnPath,
  readCheckoutQuery,
  type CheckoutQuery,
} from '../components/checkout-return';
import { goTo } from '../components/go-to';
import { CheckoutTierSummary } from '../components/CheckoutTierSummary';
import { useQueriedCheckoutState } from '../components/queried-state';
import { Avatar } from '../../items/components/Avatar';
import { isSignInError, serverErrorText } from '../components/checkout-error';
import { LockedPreview } from '../../items/components/LockedPreview';
import { TestPaymentNotice } from '../components/TestPaymentNotice';

/**
 * SPEC §2/§4/§5 /checkout: needs tier, price and productId in the navigation state. Issue 10: a
 * visitor back from signing in has no navigation state; the query names the checkout instead
 * (`?productId=` or `?creatorId=&tier=`) and the page rebuilds the same state from the server.
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = readCheckoutState(location.state);
  const query = state ? null : readCheckoutQuery(params);
  return (
    <main className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">{t('checkout.title')}</h1>
      {state ? (
        <CheckoutSession state={state} />
      ) : query ? (
        <QueriedCheckout query={query} />
      ) : (
        <SessionMissing />
      )}
    </main>
  );
}

function SessionMissing() {
  const { t } = useTranslation();
  return (
    <>
      <div className="alert alert-danger" role="alert">
        {t('checkout.sessionMissing')}
      </div>
      <BackToDiscover />
    </>
  );
}

function QueriedCheckout({ query }: { query: CheckoutQuery }) {
  const { t } = useTranslation();
  const resolved = useQueriedCheckoutState(query);
  if (resolved.isPending) {
    return (
      <p className="aura-muted" role="status">
        {t('checkout.loading')}
      </p>
    );
  }
  return resolved.state ? <CheckoutSession state={resolved.state} /> : <SessionMissing />;
}

function BackToDiscover({ isLarge = false }: { isLarge?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/discover" className={`btn btn-outline-secondary${isLarge ? ' btn-lg' : ''}`}>
      {t('checkout.backToDiscover')}
    </Link>
  );
}

function CheckoutSession({ state }: { state: CheckoutState }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const isSignedIn = user !== null;
  const returnTo = checkoutReturnPath(state);
  const [redirectFailed, setRedirectFailed] = useState(false);
  const [isRedirecting, setRedirecting] = useState(false);

  // Issue 43: a discount code opens a new session priced by the server with it.
  const [draftCode, setDraftCode] = useState('');
  const [appliedCode, setAppliedCode] = useState('');
  // Buying needs an account: a signed-out visitor is asked to sign in first (issue 10).
  const session = useNewCheckoutSession(checkoutRequest(state, appliedCode), isSignedIn);
  // A discounted session holds one of the code's redemptions until it is paid or ends: when the
  // fan changes the code, the test-card session it replaces is cancelled so it gives it back.
  const previous = useRef<{ id: string; isDiscounted: boolean } | null>(null);
  useEffect(() => {
    const data = session.data;
    if (!data) return;
    const before = previous.current;
    previous.current = { id: data.id, isDiscounted: (data.discountCents ?? null) !== null };
    if (before && before.id !== data.id && before.isDiscounted && data.provider === 'local') {
      void abandonLocalCheckout(before.id, '');
    }
  }, [session.data]);
  // SPEC §4: pay waits for the session id and the payment provider (which provider runs, and
  // Stripe's publishable key, come from the server's configuration, never from the bundle).
  const provider = useBillingConfig();
  const isReady = isSignedIn && Boolean(session.data?.id) && provider.isSuccess;
  // The session opens right after the first render: until it is answered it is on its way.
  const isOpening = isSignedIn && (session.isPending || session.isIdle);

  const tierLabel =
    state.tier === TOPUP_TIER
      ? t('checkout.topupTier')
      : isTier(state.tier)
        ? t('checkout.membershipTier', { tier: state.tier })
        : state.tier;
  const creatorName = state.userName ?? t('app.name');

  const pay = () => {
    const url = session.data?.url;
    setRedirectFailed(false);
    if (!url) {
      setRedirectFailed(true);
      return;
    }
    setRedirecting(true);
    try {
      // The local provider's page is part of this app; Stripe's hosted checkout is another site.
      goTo(navigate, url);
    } catch {
      setRedirecting(false);
      setRedirectFailed(true);
    }
  };

  const discountError =
    session.error instanceof RequestError && session.error.code?.startsWith('discount_')
      ? session.error.message
      : null;
  const serverText = discountError ? null : serverErrorText(session.error ?? provider.error);
  const discountCents = session.data?.discountCents ?? null;
  const total =
    session.data?.amountCents !== undefined && discountCents !== null
      ? formatMoney(session.data.amountCents, state.price.currency, i18n.language)
      : null;
  const priceText = total
    ? state.interval === 'year'
      ? t('checkout.firstYear', { price: total })
      : state.isMonthly
        ? t('checkout.firstMonth', { price: total })
        : total
    : checkoutPriceText(state, t, i18n.language);
  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    setAppliedCode(draftCode.trim());
  };
  return (
    <section className="card aura-checkout-card shadow-sm" aria-busy={isOpening}>
      <div className="card-body d-flex flex-column gap-3">
        <div className="d-flex align-items-center gap-3">
          <Avatar src={state.userImage} name={creatorName} size={56} />
          <div>
            <div className="small aura-muted">{t('checkout.creator')}</div>
            <div className="fw-semibold" data-testid="checkout-creator">
              {creatorName}
            </div>
          </div>
          <div className="ms-auto text-end">
            <div className="small aura-muted">{t('checkout.tier')}</div>
            <div className="fw-semibold" data-testid="checkout-tier">
              {tierLabel}
            </div>
          </div>
        </div>

        {/* A top-up buys no content; a membership shows what its tier gives (issue 10). */}
        {isTier(state.tier) && state.tier !== 'Aura' ? (
          <CheckoutTierSummary
            tier={state.tier}
            trialDays={session.data?.trialDays}
            interval={state.interval ?? 'month'}
            priceCents={state.price.cents}
          />
        ) : (
          state.tier !== TOPUP_TIER && (
            <LockedPreview imageUrl={state.imageUrl ?? null} title={tierLabel} layout="checkout" />
          )
        )}
        {state.description && !isTier(state.tier) && <p className="mb-0">{state.description}</p>}

        {provider.data?.provider === 'local' && <TestPaymentNotice />}
        {!isSignedIn && (
          <div className="alert alert-info mb-0" role="status" data-testid="checkout-sign-in">
            {t('checkout.signInHint')}{' '}
            <Link to={signInPath(returnTo)} className="alert-link">
              {t('checkout.signIn')}
            </Link>
          </div>
        )}
        {isOpening && (
          <p className="mb-0 aura-muted" role="status">
            {t('checkout.loading')}
          </p>
        )}
        {isSignedIn && takesDiscountCode(state) && (
          <form className="d-flex flex-column gap-1" onSubmit={applyCode} noValidate>
            <label htmlFor="checkout-discount-code" className="form-label mb-0">
              {t('checkout.discountCode')}
            </label>
            <div className="input-group" style={{ maxWidth: 360 }}>
              <input
                id="checkout-discount-code"
                className={`form-control${discountError ? ' is-invalid' : ''}`}
                value={draftCode}
                maxLength={64}
                autoComplete="off"
                aria-describedby="checkout-discount-feedback"
                onChange={(event) => setDraftCode(event.target.value)}
              />
              <button
                type="submit"
                className="btn btn-outline-primary"
                disabled={isOpening || draftCode.trim() === appliedCode}
              >
                {t('checkout.applyCode')}
              </button>
            </div>
            <div id="checkout-discount-feedback" aria-live="polite">
              {discountError && (
                <div className="text-danger small" role="alert" data-testid="discount-error">
                  {discountError}
                </div>
              )}
              {discountCents !== null && total && session.data && (
                <div className="text-success small" data-testid="discount-total">
                  {t('checkout.discountApplied', {
                    code: appliedCode.toUpperCase(),
                    amount: formatMoney(discountCents, state.price.currency, i18n.language),
                    total,
                  })}
                </div>
              )}
            </div>
          </form>
        )}
        {(session.isError || provider.isError) && !discountError && (
          <div className="alert alert-danger mb-0" role="alert">
            {serverText ? `${t('checkout.errorLabel')}: ${serverText}` : t('checkout.sessionError')}
            {isSignInError(session.error) && (
              <div className="mt-2">
                {t('checkout.signInHint')}{' '}
                <Link to={signInPath(returnTo)} className="alert-link">
                  {t('checkout.signIn')}
                </Link>
              </div>
            )}
          </div>
        )}
        {redirectFailed && (
          <div className="alert alert-danger mb-0" role="alert">
            {t('checkout.redirectError')}
          </div>
        )}

        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={!isReady || isRedirecting}
            onClick={pay}
          >
            {isRedirecting ? t('checkout.redirecting') : t('checkout.pay', { price: priceText })}
          </button>
          <BackToDiscover isLarge />
        </div>
      </div>
    </section>
  );
}
