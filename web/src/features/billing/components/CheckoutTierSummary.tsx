import { useTranslation } from 'react-i18next';
import type { BillingInterval } from '../../../../../common/rules/plans';
import { formatMoney } from '../../../../../common/rules/money';
import { TIER_CURRENCY, type PaidTier } from '../../../../../common/rules/tiers';
import { periodPriceText } from './plan-price';
import { TierBadge } from './TierBadge';

/**
 * Issue 10: a membership checkout shows the tier being bought (badge, price per month or, issue
 * 43, per year, what it includes), not a blurred picture "locked until you pay": nothing is
 * locked, a tier is bought.
 */
export function CheckoutTierSummary({
  tier,
  trialDays,
  interval,
  priceCents,
}: {
  tier: PaidTier;
  trialDays?: number | undefined;
  interval: BillingInterval;
  priceCents: number;
}) {
  const { t, i18n } = useTranslation();
  const price = periodPriceText(t, priceCents, interval, i18n.language);
  const money = formatMoney(priceCents, TIER_CURRENCY, i18n.language);
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
          <span className="ms-auto fw-semibold" data-testid="checkout-tier-price">
            {price}
          </span>
        </div>
        {trialDays !== undefined && trialDays > 0 && (
          <p className="mb-0 fw-semibold text-success-emphasis" data-testid="checkout-trial">
            {interval === 'year'
              ? t('trials.freeThenYear', { count: trialDays, price: money })
              : t('trials.freeThen', { count: trialDays, price: money })}
          </p>
        )}
        <p className="mb-0">{t(`tiers.description.${tier}`)}</p>
        <p className="small aura-muted mb-0">
          {interval === 'year'
            ? t('checkout.membershipRenewsYearly')
            : t('checkout.membershipRenews')}
        </p>
      </div>
    </section>
  );
}
