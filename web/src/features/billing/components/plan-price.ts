import type { TFunction } from 'i18next';
import { formatMoney } from '../../../../../common/rules/money';
import {
  defaultYearlyPriceCents,
  yearlySaving,
  type BillingInterval,
} from '../../../../../common/rules/plans';
import { TIER_CURRENCY, TIER_PRICE_CENTS, type PaidTier } from '../../../../../common/rules/tiers';
import type { MembershipPlans } from '../../../../../common/schemas/plans';

/*
 * Yearly plans (issue 43): what a tier costs for a month or a year, as the server's offer says
 * (the default ten months until it has answered), and how a year compares with twelve months.
 */

export const periodPriceCents = (
  tier: PaidTier,
  interval: BillingInterval,
  plans: MembershipPlans | undefined,
): number =>
  interval === 'month'
    ? TIER_PRICE_CENTS[tier]
    : (plans?.[tier].yearlyCents ?? defaultYearlyPriceCents(tier));

/** "$5.00/month" or "$50.00/year", in the reader's money format. */
export function periodPriceText(
  t: TFunction,
  cents: number,
  interval: BillingInterval,
  locale: string,
): string {
  const price = formatMoney(cents, TIER_CURRENCY, locale);
  return interval === 'year' ? t('tiers.perYear', { price }) : t('tiers.perMonth', { price });
}

/** "2 months free" at ten months' price, "Save 25%" otherwise; null when a year saves nothing. */
export function yearlySavingText(
  t: TFunction,
  tier: PaidTier,
  plans: MembershipPlans | undefined,
): string | null {
  const saving = yearlySaving(TIER_PRICE_CENTS[tier], periodPriceCents(tier, 'year', plans));
  if (saving.freeMonths !== null) return t('tiers.monthsFree', { count: saving.freeMonths });
  return saving.percent > 0 ? t('tiers.savePercent', { percent: saving.percent }) : null;
}
