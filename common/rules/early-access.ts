import type { Tier } from './tiers';

/*
 * Early access (issue 42): an item with a tier can be members-first until a time. Until then only
 * the members of its tier open it (and its buyers, owner and staff), nobody can buy it, and
 * everyone else sees it locked with that time; from then on it opens to everyone on its other
 * terms: free if it has no price, else for its price (its members keep it). The server's access
 * layer and SQL twin (server/modules/access/early-access.ts) and the web read these rules.
 */

/** How far ahead early access may last: a members-first window, not a second paywall. */
export const EARLY_ACCESS_MAX_DAYS = 90;
export const EARLY_ACCESS_MAX_MS = EARLY_ACCESS_MAX_DAYS * 24 * 3600_000;
/** Catalogue code of an `earlyAccessUntil` refused by `earlyAccessRefusal`. */
export const EARLY_ACCESS_INVALID = 'item_early_access_invalid';
/** Catalogue code of an `earlyAccessUntil` on an item without a tier. */
export const EARLY_ACCESS_NEEDS_TIER = 'item_early_access_needs_tier';

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The early-access end an item is given, or the code to refuse it with: an ISO 8601 time with a
 * zone, after the moment the item goes out (`opensAt`: now, or a scheduled item's `publishAt`)
 * and at most `EARLY_ACCESS_MAX_DAYS` after it, on an item with a tier.
 */
export function parseEarlyAccessUntil(
  raw: string,
  opensAt: Date,
  tierRequired: Tier,
): Date | typeof EARLY_ACCESS_INVALID | typeof EARLY_ACCESS_NEEDS_TIER {
  if (tierRequired === 'Aura') return EARLY_ACCESS_NEEDS_TIER;
  if (!ISO_WITH_ZONE.test(raw)) return EARLY_ACCESS_INVALID;
  const until = new Date(raw);
  const ahead = until.getTime() - opensAt.getTime();
  if (Number.isNaN(ahead) || ahead <= 0 || ahead > EARLY_ACCESS_MAX_MS) return EARLY_ACCESS_INVALID;
  return until;
}

export interface EarlyAccessSubject {
  tierRequired: Tier;
  earlyAccessUntil: Date | null;
}

/** Whether the item is members-first at `now`. */
export const inEarlyAccess = (item: EarlyAccessSubject, now: Date): boolean =>
  item.tierRequired !== 'Aura' &&
  item.earlyAccessUntil !== null &&
  now.getTime() < item.earlyAccessUntil.getTime();

/**
 * The tier that keeps the item from everyone who is not its member at `now`: its tier, or none
 * once its early access is over (then a free item is everyone's and a priced one is for sale).
 * Its SQL twin is access's `lockTierSql`.
 */
export const lockTier = (item: EarlyAccessSubject, now: Date): Tier =>
  item.earlyAccessUntil !== null && now.getTime() >= item.earlyAccessUntil.getTime()
    ? 'Aura'
    : item.tierRequired;
