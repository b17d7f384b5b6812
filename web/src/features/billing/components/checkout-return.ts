import type { TFunction } from 'i18next';
import {
  isTier,
  TIER_CURRENCY,
  TIER_PRICE_CENTS,
  type PaidTier,
} from '../../../../../common/rules/tiers';
import type { BillingInterval } from '../../../../../common/rules/plans';
import { TOPUP_TIER } from '../../../../../common/schemas/billing';
import type { CheckoutState } from './checkout-state';

/*
 * Issue 10: a checkout survives a sign-in. Navigation state does not cross /auth (and a Google
 * sign-in may reload the page), so the checkout is named in its path instead, and the page
 * rebuilds the same state from the server: an item by its id, a membership by creator and tier.
 */

export type CheckoutQuery =
  | { kind: 'item'; itemId: number; amountCents?: number }
  | { kind: 'membership'; creatorId: string; tier: PaidTier; interval: BillingInterval };

/** Where to come back to after signing in to pay for `state`. */
export function checkoutReturnPath(state: CheckoutState): string {
  if (state.tier === TOPUP_TIER) return '/wallet';
  if (isTier(state.tier) && state.tier !== 'Aura') {
    const creatorId = state.creatorId ?? String(state.productId);
    const path = `/checkout?creatorId=${encodeURIComponent(creatorId)}&tier=${state.tier}`;
    return state.interval === 'year' ? `${path}&interval=year` : path;
  }
  const path = `/checkout?productId=${encodeURIComponent(String(state.productId))}`;
  // A pay-what-you-want amount comes back too (issue 43); the server checks it again.
  return state.amountCents === undefined ? path : `${path}&amount=${state.amountCents}`;
}

/** The checkout a /checkout query names, or null. */
export function readCheckoutQuery(params: URLSearchParams): CheckoutQuery | null {
  const productId = params.get('productId');
  if (productId && /^[1-9]\d{0,14}$/.test(productId)) {
    const amount = params.get('amount');
    return amount && /^[1-9]\d{0,8}$/.test(amount)
      ? { kind: 'item', itemId: Number(productId), amountCents: Number(amount) }
      : { kind: 'item', itemId: Number(productId) };
  }
  const creatorId = params.get('creatorId');
  const tier = params.get('tier');
  if (creatorId && (tier === 'Hypr' || tier === 'HyprSoul')) {
    const interval = params.get('interval') === 'year' ? 'year' : 'month';
    return { kind: 'membership', creatorId, tier, interval };
  }
  return null;
}

/**
 * The checkout state of a creator's membership tier (the tier card and a returning visitor): by
 * the month, or by the year at `yearlyCents` (the creator's yearly price, issue 43).
 */
export function membershipCheckoutState(
  t: TFunction,
  creator: { id: string; name: string; image: string | null },
  tier: PaidTier,
  yearly?: { cents: number },
): CheckoutState {
  return {
    productId: creator.id,
    creatorId: creator.id,
    tier,
    price: { cents: yearly?.cents ?? TIER_PRICE_CENTS[tier], currency: TIER_CURRENCY },
    isMonthly: yearly === undefined,
    ...(yearly ? { interval: 'year' as const } : {}),
    userName: creator.name,
    userImage: creator.image,
    imageUrl: creator.image,
    description: t(`tiers.description.${tier}`),
  };
}
