import { TIER_PRICE_CENTS, tierRank, type PaidTier } from './tiers';

/*
 * Changing a membership's tier (issue 43). An upgrade takes effect at once and charges the
 * difference between the two monthly prices for what is left of the paid period; a downgrade
 * waits for the period's end (the renewal charges the lower price then).
 */

export type TierChangeDirection = 'upgrade' | 'downgrade';

export const tierChangeDirection = (from: PaidTier, to: PaidTier): TierChangeDirection | null =>
  tierRank(to) > tierRank(from) ? 'upgrade' : tierRank(to) < tierRank(from) ? 'downgrade' : null;

/**
 * The prorated difference of an upgrade, in integer cents: (to - from) * remaining / period,
 * rounded half up, on whole seconds. Nothing for a lower or equal price, and nothing once the
 * period is over; the whole difference at (or before) its start.
 */
export function upgradeProrationCents(input: {
  fromCents: number;
  toCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const diff = input.toCents - input.fromCents;
  const periodSeconds = Math.floor(
    (input.periodEnd.getTime() - input.periodStart.getTime()) / 1000,
  );
  if (diff <= 0 || periodSeconds <= 0) return 0;
  const remaining = Math.min(
    periodSeconds,
    Math.max(0, Math.floor((input.periodEnd.getTime() - input.now.getTime()) / 1000)),
  );
  // Half up in integers: floor((2 * diff * remaining + period) / (2 * period)).
  return Math.floor((2 * diff * remaining + periodSeconds) / (2 * periodSeconds));
}

/**
 * The server's quote for moving a membership from one paid tier to another: the monthly prices,
 * or the period's own (a yearly plan's yearly prices over its year, issue 43) when given.
 */
export const tierChangeCents = (
  from: PaidTier,
  to: PaidTier,
  period: { start: Date; end: Date },
  now: Date,
  prices?: { fromCents: number; toCents: number },
): number =>
  upgradeProrationCents({
    fromCents: prices?.fromCents ?? TIER_PRICE_CENTS[from],
    toCents: prices?.toCents ?? TIER_PRICE_CENTS[to],
    periodStart: period.start,
    periodEnd: period.end,
    now,
  });
