import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { WALLET_CURRENCY } from '../../../../../common/schemas/billing';
import { useAuth } from '../../../app/auth';
import { signInPath } from '../../../app/return-to';
import { useUnlockWithBalance, useWallet } from '../api/billing-hooks';
import {
  checkBalance,
  describeUnlockFailure,
  unlockedNotice,
  type BalanceUnlockNotice,
} from './balance-unlock';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { formatMoney } from '../../../../../common/rules/money';

export interface PayWithBalanceProps {
  itemId: number;
  priceCents: number;
  currency?: string;
  /**
   * The item is now the fan's. The caller shows the notice (see BalanceUnlockStatus) and hides
   * this control: the item is about to re-render unlocked, which would take the result with it.
   */
  onUnlocked: (notice: BalanceUnlockNotice) => void;
  className?: string;
}

/**
 * "Pay with balance" on a locked item (issue 5): shows the balance, refuses up front when it is
 * too small, and unlocks the item on the server. One Idempotency-Key per purchase intent, so a
 * double click or a retry after a lost answer charges once.
 */
export function PayWithBalance({
  itemId,
  priceCents,
  currency = WALLET_CURRENCY,
  onUnlocked,
  className = '',
}: PayWithBalanceProps) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const intentKey = useRef<string | null>(null);
  // The mutation's pending state reaches the button a render later; a double click's second
  // click must not even send the (harmless, same-key) second request.
  const isSending = useRef(false);
  const hintId = useId();
  const location = useLocation();
  // Issue 10: spending asks first, showing the price and what the balance will be afterwards.
  const [isConfirming, setConfirming] = useState(false);
  const wallet = useWallet(user !== null);
  const walletCurrency = wallet.data?.currency ?? currency;

  const unlock = useUnlockWithBalance(itemId, {
    onUnlocked: (answer) => onUnlocked(unlockedNotice(answer, walletCurrency)),
    onFailed: (error) => {
      const failure = describeUnlockFailure(error);
      // Not enough balance, or owned already, ends this intent: the next try is a new purchase.
      // Other failures keep the key, so retrying cannot charge twice.
      if (failure.kind !== 'failed') intentKey.current = null;
      if (failure.kind === 'alreadyOwned') onUnlocked({ kind: 'alreadyOwned' });
      return failure.kind === 'failed' ? 'other' : failure.kind;
    },
    onSettled: () => {
      isSending.current = false;
      // Success removes the control with the item's unlock; a refusal shows below it.
      setConfirming(false);
    },
  });

  if (!user) {
    return (
      <div className={className}>
        <Link
          to={signInPath(`${location.pathname}${location.search}`)}
          className="btn btn-outline-secondary btn-sm"
        >
          {t('wallet.payWithBalance.signIn')}
        </Link>
      </div>
    );
  }

  const money = (cents: number) => formatMoney(cents, walletCurrency, i18n.language);
  const pay = () => {
    if (isSending.current) return;
    isSending.current = true;
    intentKey.current ??= newIdempotencyKey();
    unlock.mutate(intentKey.current);
  };
  const check = checkBalance(wallet.data, priceCents, wallet.isError);
  const failure = unlock.isError ? describeUnlockFailure(unlock.error) : null;
  // A 402 already says why, with the server's amounts; the up-front hint would repeat it.
  const shortfallCents =
    check.kind === 'short' && failure?.kind !== 'insufficient' ? check.shortfallCents : null;
  const hasHint =
    shortfallCents !== null || failure?.kind === 'insufficient' || failure?.kind === 'failed';
  const topUpLink = (className?: string) => (
    <Link to="/wallet" className={className}>
      {t('wallet.payWithBalance.topupLink')}
    </Link>
  );

  return (
    <div className={`d-flex flex-column gap-1 ${className}`} data-testid="pay-with-balance">
      <div className="d-flex flex-wrap gap-3 small">
        <span data-testid="wallet-balance">
          {wallet.data
            ? t('wallet.payWithBalance.balance', { balance: money(wallet.data.balanceCents) })
            : wallet.isError
              ? t('wallet.payWithBalance.balanceError')
              : t('wallet.loading')}
        </span>
        <span>{t('wallet.payWithBalance.price', { price: money(priceCents) })}</span>
      </div>
      {isConfirming ? (
        <div
          className="border rounded p-2 d-flex flex-column gap-2"
          role="group"
          aria-label={t('wallet.payWithBalance.confirmTitle')}
          data-testid="balance-confirm"
        >
          <span className="small">
            {wallet.data
              ? t('wallet.payWithBalance.confirmText', {
                  price: money(priceCents),
                  remaining: money(wallet.data.balanceCents - priceCents),
                })
              : t('wallet.payWithBalance.confirmTextNoBalance', { price: money(priceCents) })}
          </span>
          <div className="d-flex gap-2">
            {/* Stays in place, disabled, while paying: a double click's second click lands here. */}
            <button
              type="button"
              className="btn btn-success btn-sm"
              disabled={unlock.isPending}
              onClick={pay}
            >
              {unlock.isPending
                ? t('wallet.payWithBalance.paying')
                : t('wallet.payWithBalance.confirm', { price: money(priceCents) })}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={unlock.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('wallet.payWithBalance.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-success btn-sm align-self-start"
          disabled={unlock.isPending || check.kind === 'loading' || check.kind === 'short'}
          aria-describedby={hasHint ? hintId : undefined}
          onClick={() => setConfirming(true)}
        >
          {unlock.isPending
            ? t('wallet.payWithBalance.paying')
            : t('wallet.payWithBalance.button', { price: money(priceCents) })}
        </button>
      )}
      {shortfallCents !== null && (
        <p id={hintId} className="small aura-muted mb-0" data-testid="balance-short">
          {t('wallet.payWithBalance.short', { shortfall: money(shortfallCents) })} {topUpLink()}
        </p>
      )}
      {failure?.kind === 'insufficient' && (
        <div id={hintId} className="alert alert-warning py-2 mb-0" role="alert">
          {failure.balanceCents !== null && failure.priceCents !== null
            ? t('wallet.payWithBalance.insufficientDetails', {
                price: money(failure.priceCents),
                balance: money(failure.balanceCents),
              })
            : t('wallet.payWithBalance.insufficient')}{' '}
          {topUpLink('alert-link')}
        </div>
      )}
      {failure?.kind === 'failed' && (
        <div id={hintId} className="alert alert-danger py-2 mb-0" role="alert">
          {t('wallet.payWithBalance.error', { message: failure.message })}
        </div>
      )}
    </div>
  );
}
