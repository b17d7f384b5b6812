import { roleHolds } from '../../../common/rules/permissions';
import type { BillingInterval } from '../../../common/rules/plans';
import { isTier, TIER_CURRENCY } from '../../../common/rules/tiers';
import {
  parsePriceToCents,
  TOPUP_MAX_CENTS,
  TOPUP_MIN_CENTS,
  TOPUP_TIER,
  WALLET_CURRENCY,
  type CreateCheckoutSessionRequest,
} from '../../../common/schemas/billing';
import { moneyParams, type Currency } from '../../../common/rules/money';
import { pwywAmountProblem, pwywBounds } from '../../../common/rules/pay-what-you-want';
import { TIP_MAX_CENTS, TIP_MIN_CENTS, TIP_TIER, tipMessageOf } from '../../../common/rules/tips';
import type { Viewer } from '../../auth/guard';
import type { CheckoutGift, CheckoutKind } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { accountState } from '../users/index';
import type { BillingDeps } from './deps';
import { itemDiscount, membershipDiscount, priceDiscount, type PricedDiscount } from './discounts';
import { itemCheckoutStatement } from './item-checkout.read-model';
import { periodPriceCents } from './plans';
import { assertPurchasable } from './sales';
import { liveSubscriptionsOf } from './stats';
import { assertTippable } from './tips';
import { trialDaysFor } from './trials';

export function priceMismatch(serverCents: number, currency: string) {
  return fail('priceMismatch', moneyParams({ price: serverCents }, currency), { field: 'price' });
}

export function amountNotAccepted(priceCents: number, currency: string) {
  return fail('amount_not_accepted', moneyParams({ price: priceCents }, currency), {
    field: 'amount',
  });
}

/**
 * What an item's checkout charges: its price, or for a pay-what-you-want item (issue 43) the
 * buyer's `amount` within the item's bounds. A fixed-price item refuses an amount; a
 * pay-what-you-want one needs it (the SPEC's `price`, if sent, is only checked as a price).
 */
export function itemAmountCents(
  item: {
    priceCents: number;
    currency: Currency;
    minPriceCents: number | null;
  },
  amount: number | undefined,
  cents: number | undefined,
): number {
  if (item.minPriceCents === null) {
    if (amount !== undefined) throw amountNotAccepted(item.priceCents, item.currency);
    if (cents !== undefined && cents !== item.priceCents) {
      throw priceMismatch(item.priceCents, item.currency);
    }
    return item.priceCents;
  }
  const bounds = pwywBounds(item.minPriceCents);
  const params = moneyParams({ min: bounds.minCents, max: bounds.maxCents }, item.currency);
  if (amount === undefined) throw fail('amount_required', params, { field: 'amount' });
  const problem = pwywAmountProblem(amount, item.minPriceCents);
  if (problem) throw fail(problem, params, { field: 'amount' });
  return amount;
}

export interface CheckoutPlan {
  kind: CheckoutKind;
  itemId: number | null;
  creatorId: string | null;
  tier: 'Hypr' | 'HyprSoul' | null;
  name: string;
  amountCents: number;
  currency: Currency;
  /** A membership's billing period (issue 43: a month or a year); null for one-off payments. */
  interval: BillingInterval | null;
  /** A membership's full price of one period at `interval` (what renewals charge). */
  periodPriceCents?: number;
  /** A tip's message and whether the creator's page may show it (kind tip). */
  tip?: { message: string | null; showPublicly: boolean };
  /** The buyer's address when the plan's own query read it (an item's); else read apart. */
  buyerEmail?: string | null;
  /** A discount code (issue 43): `amountCents` is already the discounted total. */
  discount: PricedDiscount | null;
  /** A membership's free trial (issue 43): its first period lasts this many days, `amountCents` 0. */
  trialDays?: number;
  /** A gift's order (kind gift, issue 43): for whom, with what message, when, how many months. */
  gift?: CheckoutGift;
}

/**
 * The amount the request names, if any: `priceCents`, else SPEC §7's `price` as typed. An
 * unreadable price is refused even where the server's own price is charged: it is bad input.
 */
export function requestedCents(body: CreateCheckoutSessionRequest): number | undefined {
  if (body.priceCents !== undefined) {
    if (body.priceCents < 0) throw fail('invalid_price', undefined, { field: 'priceCents' });
    return body.priceCents;
  }
  if (body.price === undefined) return undefined;
  const cents = parsePriceToCents(body.price);
  if (cents === null) throw fail('invalid_price', undefined, { field: 'price' });
  return cents;
}

/** The item a card checkout names by `productId` (a number or its digits), as the buyer sees it. */
export async function checkoutItem(
  deps: Pick<BillingDeps, 'db'>,
  viewer: Viewer,
  rawProductId: unknown,
  now: Date,
) {
  const productId =
    typeof rawProductId === 'number'
      ? rawProductId
      : typeof rawProductId === 'string' && /^\d{1,15}$/.test(rawProductId)
        ? Number(rawProductId)
        : NaN;
  if (!Number.isSafeInteger(productId) || productId <= 0) {
    throw fail('product_id_invalid', undefined, { field: 'productId' });
  }
  const [found] = await itemCheckoutStatement(deps.db, 'card').execute({
    id: productId,
    buyer: viewer.id,
    now: now.toISOString(),
  });
  if (!found) throw fail('item_not_found');
  return found;
}

/** The creator a membership checkout (or a gift of one) names, who must offer memberships. */
export async function membershipCreator(
  deps: Pick<BillingDeps, 'db'>,
  viewer: Viewer,
  body: Pick<CreateCheckoutSessionRequest, 'creatorId' | 'productId'>,
) {
  const creatorId = body.creatorId ?? (typeof body.productId === 'string' ? body.productId : '');
  if (!isUuid(creatorId)) {
    throw fail('membership_needs_creator', undefined, { field: 'creatorId' });
  }
  const creator = await accountState(deps.db, { id: creatorId });
  if (!creator || creator.status !== 'active' || !roleHolds(creator.role, 'membership.offer')) {
    throw fail('creator_not_found');
  }
  if (creator.id === viewer.id) throw fail('cannot_subscribe_self');
  return creator;
}

/** Decides what is bought and for how much, from our own prices only (issue 5). */
export async function planCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  body: CreateCheckoutSessionRequest,
): Promise<CheckoutPlan> {
  const cents = requestedCents(body);
  const now = deps.clock.now();

  const discountText = body.discountCode?.trim() ? body.discountCode : null;
  // Only a membership has a billing period (issue 43).
  if (body.interval !== undefined && !isTier(body.tier)) {
    throw fail('interval_not_accepted', undefined, { field: 'interval' });
  }
  if (body.tier === TOPUP_TIER) {
    if (discountText !== null) {
      await priceDiscount(deps.db, now, {
        text: discountText,
        sellerId: null,
        target: { kind: 'topup' },
        priceCents: cents ?? 0,
        currency: WALLET_CURRENCY,
      });
    }
    if (cents === undefined) throw fail('invalid_price', undefined, { field: 'price' });
    if (cents < TOPUP_MIN_CENTS || cents > TOPUP_MAX_CENTS) {
      throw fail(
        'topup_out_of_range',
        moneyParams({ min: TOPUP_MIN_CENTS, max: TOPUP_MAX_CENTS }, WALLET_CURRENCY),
        { field: 'price' },
      );
    }
    return {
      kind: 'topup',
      itemId: null,
      creatorId: null,
      tier: null,
      name: 'Aura balance top-up',
      amountCents: cents,
      currency: WALLET_CURRENCY,
      interval: null,
      discount: null,
    };
  }

  if (body.tier === TIP_TIER) {
    if (!body.creatorId) throw fail('tip_needs_creator', undefined, { field: 'creatorId' });
    // A tip's amount is the fan's own choice: no code takes anything off it.
    if (discountText !== null) {
      throw fail('discount_not_applicable', { code: discountText }, { field: 'discountCode' });
    }
    if (body.amount === undefined) {
      throw fail(
        'tip_below_minimum',
        moneyParams({ min: TIP_MIN_CENTS, max: TIP_MAX_CENTS }, WALLET_CURRENCY),
        { field: 'amount' },
      );
    }
    if (cents !== undefined && cents !== body.amount)
      throw priceMismatch(body.amount, WALLET_CURRENCY);
    const creator = await assertTippable(deps.db, viewer, body.creatorId, body.amount);
    return {
      kind: 'tip',
      itemId: null,
      creatorId: creator.id,
      tier: null,
      name: `Tip: ${creator.username}`,
      amountCents: body.amount,
      currency: WALLET_CURRENCY,
      interval: null,
      discount: null,
      tip: {
        message: tipMessageOf(body.tip?.message),
        showPublicly: body.tip?.showPublicly ?? false,
      },
    };
  }
  if (body.tip !== undefined) throw fail('tip_not_accepted', undefined, { field: 'tip' });

  if (isTier(body.tier)) {
    if (body.tier === 'Aura') throw fail('tier_is_free', undefined, { field: 'tier' });
    const creator = await membershipCreator(deps, viewer, body);
    // A month at the tier's price, or a year at the creator's yearly price (issue 43).
    const interval = body.interval ?? 'month';
    const price = await periodPriceCents(deps.db, creator.id, body.tier, interval);
    if (cents !== undefined && cents !== price) throw priceMismatch(price, TIER_CURRENCY);
    if (body.amount !== undefined) throw amountNotAccepted(price, TIER_CURRENCY);
    const live = await liveSubscriptionsOf(deps.db, viewer.id, creator.id);
    // A paused membership (issue 43) renews by itself at its pause's end: resume it instead.
    const paused = live.find(
      (s) => s.status === 'active' && s.pausedUntil !== null && s.pausedUntil > now,
    );
    if (paused) throw fail('membership_paused', { tier: paused.tier, creator: creator.username });
    const current = live.find(
      (s) => s.status !== 'incomplete' && !s.cancelAtPeriodEnd && s.currentPeriodEnd > now,
    );
    if (current) {
      throw fail('membership_running', { tier: current.tier, creator: creator.username });
    }
    // A free trial (issue 43): with Stripe the subscription's trial_period_days.
    const trialDays = await trialDaysFor(deps.db, viewer.id, creator.id, body.tier);
    if (trialDays > 0) {
      // Nothing is charged now, so a code has nothing to take off.
      if (discountText !== null) {
        throw fail('discount_not_applicable', { code: discountText }, { field: 'discountCode' });
      }
      return {
        kind: 'subscription',
        itemId: null,
        creatorId: creator.id,
        tier: body.tier,
        name: `${body.tier} membership: ${creator.username}`,
        amountCents: 0,
        currency: TIER_CURRENCY,
        interval,
        periodPriceCents: price,
        discount: null,
        trialDays,
      };
    }
    const discount = await membershipDiscount(
      deps.db,
      now,
      discountText,
      { creatorId: creator.id, tier: body.tier },
      price,
    );
    return {
      kind: 'subscription',
      itemId: null,
      creatorId: creator.id,
      tier: body.tier,
      name: `${body.tier} membership: ${creator.username}`,
      amountCents: discount?.amountCents ?? price,
      currency: TIER_CURRENCY,
      interval,
      periodPriceCents: price,
      discount,
    };
  }

  const found = await checkoutItem(deps, viewer, body.productId, now);
  const { item } = found;
  assertPurchasable(
    viewer,
    item,
    { status: found.creatorStatus },
    found.entitlementRows,
    'card',
    now,
  );
  const priceCents = itemAmountCents(item, body.amount, cents);
  const discount = await itemDiscount(deps.db, now, discountText, item, priceCents);
  return {
    kind: 'item',
    itemId: item.id,
    creatorId: item.creatorId,
    tier: null,
    name: item.title,
    amountCents: discount?.amountCents ?? priceCents,
    currency: item.currency,
    interval: null,
    buyerEmail: found.buyerEmail,
    discount,
  };
}
