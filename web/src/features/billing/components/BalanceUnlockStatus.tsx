import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceUnlockNotice } from './balance-unlock';
import { formatMoney } from '../../../../../common/rules/money';

interface BalanceUnlockStatusProps {
  notice: BalanceUnlockNotice | null;
  onDismiss: () => void;
}

/**
 * The result of "pay with balance" on the item it unlocked, until the fan dismisses it. The live
 * region is always rendered, empty until there is a result: screen readers announce text added
 * to a region they already know far more reliably than a region that appears with its text.
 */
export function BalanceUnlockStatus({ notice, onDismiss }: BalanceUnlockStatusProps) {
  const { t, i18n } = useTranslation();
  const alertRef = useRef<HTMLDivElement>(null);

  // The button the fan pressed is gone once the item unlocks; without this, keyboard focus
  // would fall back to the page's start. Focus that is still somewhere else is left alone.
  useEffect(() => {
    if (!notice) return;
    const active = document.activeElement;
    if (active === null || active === document.body) alertRef.current?.focus();
  }, [notice]);

  const text =
    notice?.kind === 'unlocked'
      ? t('wallet.payWithBalance.unlocked', {
          charged: formatMoney(notice.chargedCents, notice.currency, i18n.language),
          balance: formatMoney(notice.balanceCents, notice.currency, i18n.language),
        })
      : t('wallet.payWithBalance.alreadyOwned');

  return (
    // A dismissal is not an opening of the post that holds it (the feed counts those).
    <div role="status" aria-live="polite" onClick={(event) => event.stopPropagation()}>
      {notice && (
        <div
          ref={alertRef}
          tabIndex={-1}
          className={`alert ${notice.kind === 'unlocked' ? 'alert-success' : 'alert-info'} alert-dismissible mt-3 mb-0`}
          data-testid="balance-unlock-result"
        >
          {text}
          <button
            type="button"
            className="btn-close"
            aria-label={t('wallet.payWithBalance.dismiss')}
            onClick={onDismiss}
          />
        </div>
      )}
    </div>
  );
}
