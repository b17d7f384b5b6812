import type { ItemState } from '../schemas/items';
import type { UserStatus } from '../schemas/users';
import { WALLET_CURRENCY } from '../schemas/billing';
import { inEarlyAccess, lockTier } from './early-access';
import type { Tier } from './tiers';

/**
 * Listed: available, not hidden by a moderator (issue 14), by an active creator (what the feed,
 * profiles, the spotlight and checkout offer). An unavailable, hidden or deleted item, or one of
 * a suspended creator, is not listed: nobody can buy it (card or balance), it is hidden from
 * everyone but its creator and staff, and its buyers keep access.
 */
export const isListed = (
  item: { status: ItemState; hidden: boolean },
  creator: { status: UserStatus },
): boolean => item.status === 'available' && !item.hidden && creator.status === 'active';

export interface PurchaseSubject {
  status: ItemState;
  hidden: boolean;
  creatorId: string;
  priceCents: number;
  tierRequired: Tier;
  /** Members-first until then (issue 42): not for sale before it. */
  earlyAccessUntil: Date | null;
  currency: string;
}

export type PurchaseRefusal =
  | { code: 'not_listed'; status: 404 }
  | { code: 'creator_suspended'; status: 409 }
  | { code: 'own_item'; status: 400 }
  | { code: 'free_item'; status: 400 }
  | { code: 'tier_item'; status: 400; tier: Tier }
  | { code: 'early_access'; status: 409; tier: Tier; until: Date }
  | { code: 'already_owned'; status: 409 }
  | { code: 'wrong_currency'; status: 400 };

/**
 * The one rule (issue 9) for whether `viewerId` may buy an item, by card or by balance: it is
 * listed (available, its creator active), not their own, not free or covered by a tier, and not
 * already theirs, and not members-first at `now` (issue 42: early access is its members' until
 * its time; common/rules/early-access.ts). `isEntitled` is the entitlement check's answer for
 * this viewer. Checkout, pay-with-balance and the presenters' `canBuy` all ask this function.
 */
export function purchaseRefusal(
  item: PurchaseSubject,
  creator: { status: UserStatus },
  viewerId: string | null,
  isEntitled: boolean,
  now: Date,
  via: 'card' | 'balance' = 'card',
): PurchaseRefusal | null {
  if (!isListed(item, creator)) {
    // Those who still open it (its buyers, members, staff) are told why it is not for sale;
    // to anyone else it does not exist, as its page says.
    return creator.status === 'suspended' && isEntitled
      ? { code: 'creator_suspended', status: 409 }
      : { code: 'not_listed', status: 404 };
  }
  if (viewerId !== null && item.creatorId === viewerId) return { code: 'own_item', status: 400 };
  const tier = lockTier(item, now);
  if (item.priceCents === 0) {
    return tier === 'Aura'
      ? { code: 'free_item', status: 400 }
      : { code: 'tier_item', status: 400, tier };
  }
  if (isEntitled) return { code: 'already_owned', status: 409 };
  if (item.earlyAccessUntil !== null && inEarlyAccess(item, now)) {
    return { code: 'early_access', status: 409, tier, until: item.earlyAccessUntil };
  }
  if (via === 'balance' && item.currency !== WALLET_CURRENCY) {
    return { code: 'wrong_currency', status: 400 };
  }
  return null;
}

/** The catalogue params of a refusal's text (common/errors.ts; the code is the refusal's). */
export function purchaseRefusalParams(
  refusal: PurchaseRefusal,
  currency: string,
): Record<string, string> {
  switch (refusal.code) {
    case 'tier_item':
      return { tier: refusal.tier };
    case 'early_access':
      return { tier: refusal.tier };
    case 'wrong_currency':
      return { currency: currency.toUpperCase() };
    default:
      return {};
  }
}
