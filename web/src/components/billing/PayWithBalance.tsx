import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PurchasedProduct } from '../../../../common/schemas/billing';
import { WALLET_CURRENCY } from '../../../../common/schemas/billing';
import { useAuth } from '../../app/auth';
import { billingKeys, fetchWallet, unlockWithBalance } from '../../api/billing';
import { RequestError } from '../../api/request';
import { newIdempotencyKey } from './idempotency-key';
import { invalidateAfterPurchase } from './invalidate';
import { formatMoney } from './money';

export interface PayWithBalanceProps {
  itemId: number;
  priceCents: number;
  currency?: string;
  /** Called with the server's answer once the item is unlocked (media URLs included). */
  onUnlocked?: (product: PurchasedProduct) => void;
  className?: string;
}

// 402 is the wallet's "not enough balance"; 409 is accepted too, as issue 5 allows either.
const isInsufficient = (error: unknown) =>
  error instanceof RequestError && (error.status === 402 || error.status === 409);

/**
 * "Pay with balance" on a locked item (issue 5): unlocks it on the server. One Idempotency-Key
 * per purchase intent, so a double click or a retry after a lost answer charges once.
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
  const queryClient = useQueryClient();
  const intentKey = useRef<string | null>(null);
  const wallet = useQuery({
    queryKey: billingKeys.wallet,
    queryFn: () => fetchWallet(),
    enabled: user !== null,
  });

  const unlock = useMutation({
    mutationFn: (key: string) => unlockWithBalance(itemId, key),
    onSuccess: async (answer) => {
      onUnlocked?.(answer.product);
      await invalidateAfterPurchase(queryClient);
    },
    onError: (error) => {
      // Not enough balance ends this intent: after a top-up the next try is a new purchase.
      // Other failures keep the key, so retrying cannot charge twice.
      if (isInsufficient(error)) intentKey.current = null;
    },
  });

  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const pay = () => {
    intentKey.current ??= newIdempotencyKey();
    unlock.mutate(intentKey.current);
  };

  if (!user) {
    return (
      <div className={className}>
        <Link to="/auth?tab=login" className="btn btn-outline-secondary btn-sm">
          {t('wallet.payWithBalance.signIn')}
        </Link>
      </div>
    );
  }

  return (
    <div className={`d-flex flex-column gap-1 ${className}`} data-testid="pay-with-balance">
      <div className="d-flex flex-wrap gap-3 small">
        <span data-testid="wallet-balance">
          {wallet.data
            ? t('wallet.payWithBalance.balance', { balance: money(wallet.data.balanceCents) })
            : t('wallet.loading')}
        </span>
        <span>{t('wallet.payWithBalance.price', { price: money(priceCents) })}</span>
      </div>
      {unlock.isSuccess ? (
        <div className="alert alert-success py-2 mb-0" role="status">
          {t('wallet.payWithBalance.unlocked', { balance: money(unlock.data.balanceCents) })}
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-success btn-sm align-self-start"
          disabled={unlock.isPending}
          onClick={pay}
        >
          {unlock.isPending
            ? t('wallet.payWithBalance.paying')
            : t('wallet.payWithBalance.button', { price: money(priceCents) })}
        </button>
      )}
      {unlock.isError &&
        (isInsufficient(unlock.error) ? (
          <div className="alert alert-warning py-2 mb-0" role="alert">
            {t('wallet.payWithBalance.insufficient')}{' '}
            <Link to="/wallet" className="alert-link">
              {t('wallet.payWithBalance.topupLink')}
            </Link>
          </div>
        ) : (
          <div className="alert alert-danger py-2 mb-0" role="alert">
            {t('wallet.payWithBalance.error', { message: unlock.error.message })}
          </div>
        ))}
    </div>
  );
}
