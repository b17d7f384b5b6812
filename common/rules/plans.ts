import { TIER_PRICE_CENTS, type PaidTier } from './tiers';

/*
 * Yearly plans (issue 43): every paid tier is sold by the month (its SPEC §9 price) or by the
 * year, at a yearly price the creator sets. Without a setting the year costs ten months ("2
 * months free"); a setting must lie between one and twelve months' price, so a year never
 * costs less than a month nor more than twelve of them.
 */

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The year of a tier without a creator's setting: ten monthly prices. */
export const DEFAULT_YEARLY_MONTHS = 10;
export const YEARLY_MIN_MONTHS = 1;
export const YEARLY_MAX_MONTHS = 12;

export const monthlyPriceCents = (tier: PaidTier): number => TIER_PRICE_CENTS[tier];

export const defaultYearlyPriceCents = (tier: PaidTier): number =>
  TIER_PRICE_CENTS[tier] * DEFAULT_YEARLY_MONTHS;

/** The yearly prices a creator may set for `tier`, in integer cents, both ends included. */
export const yearlyPriceBounds = (tier: PaidTier): { minCents: number; maxCents: number } => ({
  minCents: TIER_PRICE_CENTS[tier] * YEARLY_MIN_MONTHS,
  maxCents: TIER_PRICE_CENTS[tier] * YEARLY_MAX_MONTHS,
});

export const isYearlyPriceAllowed = (tier: PaidTier, cents: number): boolean => {
  const { minCents, maxCents } = yearlyPriceBounds(tier);
  return Number.isSafeInteger(cents) && cents >= minCents && cents <= maxCents;
};

/**
 * What a membership brings in a month, for every "monthly" figure (the Control Hub's recurring
 * revenue): a yearly price counts a twelfth, rounded half up to whole cents.
 */
export const monthlyEquivalentCents = (priceCents: number, interval: BillingInterval): number =>
  interval === 'year' ? Math.round(priceCents / 12) : priceCents;

/**
 * The saving of a year against twelve months, as whole free months when it is exactly that
 * ("2 months free" at ten months' price), else the percentage saved rounded down (0: none).
 */
export function yearlySaving(
  monthlyCents: number,
  yearlyCents: number,
): { freeMonths: number | null; percent: number } {
  const twelve = monthlyCents * 12;
  const saved = twelve - yearlyCents;
  if (saved <= 0 || monthlyCents <= 0) return { freeMonths: null, percent: 0 };
  const freeMonths = saved % monthlyCents === 0 ? saved / monthlyCents : null;
  return { freeMonths, percent: Math.floor((saved * 100) / twelve) };
}
