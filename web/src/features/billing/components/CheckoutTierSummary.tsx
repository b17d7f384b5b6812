import { useTranslation } from 'react-i18next';
import { TIER_CURRENCY, TIER_PRICE_CENTS, type PaidTier } from '../../../../../common/rules/tiers';
import { formatMoney } from '../../../../../common/rules/money';
import { TierBadge } from './TierBadge';

/**
 * Issue 10: a membership checkout shows the tier being bought (badge, monthly price, what it
 * includes), not a blurred picture "locked until you pay": nothing is locked, a tier is bought.
 */
export function CheckoutTierSummary({ tier, trialDays }: { tier: PaidTier; trialDays?: number }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      className="card border-primary-subtle"
      aria-labelledby="checkout-tier-title"
      data-testid="checkout-tier-card"
    >
      <div className="card-body d-flex flex-column gap-2">
        <div className="d-flex align-items-center gap-2">
          <TierBadge tier={tier} />
          <h2 id="checkout-tier-title" className="h5 mb-0">
            {t('checkout.membershipTier', { tier })}
          </h2>
          <span className="ms-auto fw-semibold">
            {t('tiers.perMonth', {
              price: formatMoney(TIER_PRICE_CENTS[tier], TIER_CURRENCY, i18n.language),
            })}
          </span>
        </div>
        {trialDays !== undefined && trialDays > 0 && (
          <p className="mb-0 fw-semibold text-success-emphasis" data-testid="checkout-trial">
            {t('trials.freeThen', {
              count: trialDays,
              price: formatMoney(TIER_PRICE_CENTS[tier], TIER_CURRENCY, i18n.language),
            })}
          </p>
        )}
        <p className="mb-0">{t(`tiers.description.${tier}`)}</p>
        <p className="small aura-muted mb-0">{t('checkout.membershipRenews')}</p>
      </div>
    </section>
  );
}
