import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TOPUP_TIER, WALLET_CURRENCY } from '../../../../../common/schemas/billing';
import type { CheckoutState } from './checkout-state';
import { formatMoney } from '../../../../../common/rules/money';

/** Top-up amounts offered, in cents (the server checks its own bounds). */
const TOPUP_AMOUNTS_CENTS = [500, 1000, 2500, 5000] as const;

/** A top-up is a card payment through the same checkout as everything else (issue 5). */
export function TopUpPanel() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const topUp = (cents: number) => {
    const state: CheckoutState = {
      productId: TOPUP_TIER,
      tier: TOPUP_TIER,
      price: { cents, currency: WALLET_CURRENCY },
      userName: t('app.name'),
      userImage: '/logo-aura.svg',
      imageUrl: null,
      description: t('checkout.topupDescription'),
    };
    void navigate('/checkout', { state });
  };
  return (
    <section className="card shadow-sm h-100">
      <div className="card-body">
        <h2 className="h5">{t('wallet.topupTitle')}</h2>
        <p className="aura-muted small">{t('wallet.topupText')}</p>
        <div className="d-flex flex-wrap gap-2">
          {TOPUP_AMOUNTS_CENTS.map((cents) => (
            <button
              key={cents}
              type="button"
              className="btn btn-outline-primary"
              onClick={() => topUp(cents)}
            >
              {t('wallet.topupButton', {
                amount: formatMoney(cents, WALLET_CURRENCY, i18n.language),
              })}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
