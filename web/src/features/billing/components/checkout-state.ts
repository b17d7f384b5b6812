import type { TFunction } from 'i18next';
import { z } from 'zod';
import { CURRENCIES, formatMoney } from '../../../../../common/rules/money';
import { BILLING_INTERVALS } from '../../../../../common/rules/plans';
import {
  TOPUP_TIER,
  type CreateCheckoutSessionRequest,
} from '../../../../../common/schemas/billing';

/**
 * SPEC §2: the navigation state /checkout receives from a feed post, a product page, the tier card
 * or the wallet's top-up buttons. tier, price and productId are required (SPEC §5); the rest is
 * only shown. For memberships productId (or creatorId) is the creator's user id. The price is
 * cents and a currency as the server priced it (a top-up's is the amount chosen): it is shown on
 * the pay button and never sent back, except as the amount of a top-up.
 */
export const CheckoutState = z.object({
  productId: z.union([z.number(), z.string().min(1)]),
  tier: z.string().min(1),
  price: z.object({ cents: z.number().int().nonnegative(), currency: z.enum(CURRENCIES) }),
  /** A membership: the price is per month. */
  isMonthly: z.boolean().optional(),
  /** Issue 43: a membership billed by the year (`price` is the year's; sent as `interval`). */
  interval: z.enum(BILLING_INTERVALS).optional(),
  userName: z.string().nullish(),
  userImage: z.string().nullish(),
  description: z.string().nullish(),
  imageUrl: z.string().nullish(),
  creatorId: z.string().nullish(),
  /** Issue 43: the amount the fan chose for a pay-what-you-want item (cents; sent as `amount`). */
  amountCents: z.number().int().positive().optional(),
});
export type CheckoutState = z.infer<typeof CheckoutState>;

/** The state when it carries what SPEC §5 requires, else null ('session missing'). */
export function readCheckoutState(state: unknown): CheckoutState | null {
  const parsed = CheckoutState.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The price on the pay button, in the reader's language ("€4.50", "$5.00/month", "$50.00/year"). */
export function checkoutPriceText(state: CheckoutState, t: TFunction, locale: string): string {
  const price = formatMoney(state.price.cents, state.price.currency, locale);
  if (state.interval === 'year') return t('tiers.perYear', { price });
  return state.isMonthly ? t('tiers.perMonth', { price }) : price;
}

/**
 * What the checkout asks the server for: the item or the creator and tier, never a price (the
 * server charges its own). Only a top-up and a pay-what-you-want item name their amount, which is
 * the buyer's choice.
 */
export function checkoutRequest(
  state: CheckoutState,
  discountCode = '',
): CreateCheckoutSessionRequest {
  return {
    tier: state.tier,
    productId: state.productId,
    ...(state.creatorId ? { creatorId: state.creatorId } : {}),
    ...(state.tier === TOPUP_TIER ? { priceCents: state.price.cents } : {}),
    ...(state.amountCents !== undefined ? { amount: state.amountCents } : {}),
    ...(discountCode.trim() ? { discountCode: discountCode.trim() } : {}),
    // A yearly plan (issue 43); a month is the server's default and is not named.
    ...(state.interval === 'year' ? { interval: 'year' as const } : {}),
  };
}

/**
 * Issue 43: whether the checkout offers a discount code field. A top-up buys nothing of a
 * creator's and a pay-what-you-want amount is already the fan's choice: the server refuses codes
 * for both, so the field is not shown.
 */
export const takesDiscountCode = (state: CheckoutState): boolean =>
  state.tier !== TOPUP_TIER && state.amountCents === undefined;
