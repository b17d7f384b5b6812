import { giftMessageOf, giftSendAtProblem, membershipGiftCents } from '../../../common/rules/gifts';
import { isTier, TIER_CURRENCY, TIER_PRICE_CENTS } from '../../../common/rules/tiers';
import { TOPUP_TIER, type CreateCheckoutSessionRequest } from '../../../common/schemas/billing';
import type { GiftOrder } from '../../../common/schemas/gifts';
import { TIP_TIER } from '../../../common/rules/tips';
import type { Viewer } from '../../auth/guard';
import { fail } from '../../http/errors';
import {
  amountNotAccepted,
  checkoutItem,
  membershipCreator,
  itemAmountCents,
  priceMismatch,
  requestedCents,
  type CheckoutPlan,
} from './checkout-plan';
import type { BillingDeps } from './deps';
import { itemDiscount, membershipDiscount } from './discounts';
import { assertPurchasable } from './sales';
import type { CheckoutGift } from './tables';

/**
 * A gift checkout (issue 43, common/rules/gifts.ts): the item or `gift.months` of the tier the
 * request names, priced by the server as for the buyer (an item's price or pay-what-you-want
 * amount, the tier's monthly price times the months), a discount code by the usual rules, and
 * always paid once (never a subscription). The giver may hold it already: it is for someone else.
 */
export async function planGiftCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  body: CreateCheckoutSessionRequest & { gift: GiftOrder },
): Promise<CheckoutPlan> {
  if (body.tier === TOPUP_TIER || body.tier === TIP_TIER || body.tip !== undefined) {
    throw fail('gift_not_accepted', undefined, { field: 'gift' });
  }
  // A gift is paid once for its months: it has no billing period (yearly plans, issue 43).
  if (body.interval !== undefined) {
    throw fail('interval_not_accepted', undefined, { field: 'interval' });
  }
  const now = deps.clock.now();
  const sendAt = body.gift.sendAt ? new Date(body.gift.sendAt) : null;
  if (sendAt) {
    const problem = giftSendAtProblem(sendAt, now);
    if (problem) throw fail(problem, undefined, { field: 'gift.sendAt' });
  }
  const order = (months: number | null): CheckoutGift => ({
    email: body.gift.email,
    message: giftMessageOf(body.gift.message),
    sendAt: sendAt?.toISOString() ?? null,
    months,
  });
  const cents = requestedCents(body);
  const discountText = body.discountCode?.trim() ? body.discountCode : null;

  if (isTier(body.tier)) {
    if (body.tier === 'Aura') throw fail('tier_is_free', undefined, { field: 'tier' });
    const months = body.gift.months;
    if (months === undefined) throw fail('gift_months_required', undefined, { field: 'gift' });
    const creator = await membershipCreator(deps, viewer, body);
    const price = membershipGiftCents(body.tier, months);
    if (cents !== undefined && cents !== price && cents !== TIER_PRICE_CENTS[body.tier]) {
      throw priceMismatch(price, TIER_CURRENCY);
    }
    if (body.amount !== undefined) throw amountNotAccepted(price, TIER_CURRENCY);
    // The gift is paid once: the code takes its part off that payment.
    const discount = await membershipDiscount(
      deps.db,
      now,
      discountText,
      { creatorId: creator.id, tier: body.tier },
      price,
    );
    return {
      kind: 'gift',
      itemId: null,
      creatorId: creator.id,
      tier: body.tier,
      name: `Gift: ${months} × ${body.tier} membership: ${creator.username}`,
      amountCents: discount?.amountCents ?? price,
      currency: TIER_CURRENCY,
      interval: null,
      discount,
      gift: order(months),
    };
  }

  if (body.gift.months !== undefined) {
    throw fail('gift_months_not_accepted', undefined, { field: 'gift' });
  }
  const found = await checkoutItem(deps, viewer, body.productId, now);
  const { item } = found;
  // What the giver owns does not matter (the gift is someone else's): no entitlements.
  assertPurchasable(viewer, item, { status: found.creatorStatus }, [], 'card', now);
  const priceCents = itemAmountCents(item, body.amount, cents);
  const discount = await itemDiscount(deps.db, now, discountText, item, priceCents);
  return {
    kind: 'gift',
    itemId: item.id,
    creatorId: item.creatorId,
    tier: null,
    name: `Gift: ${item.title}`,
    amountCents: discount?.amountCents ?? priceCents,
    currency: item.currency,
    interval: null,
    buyerEmail: found.buyerEmail,
    discount,
    gift: order(null),
  };
}
