import { z } from 'zod';
import { formatMoney } from './money';

/**
 * SPEC §2: the navigation state /checkout receives from a feed post, a product page, the tier card
 * or the wallet's top-up buttons. tier, price and productId are required (SPEC §5); the rest is
 * only shown. For memberships productId (or creatorId) is the creator's user id.
 */
export const CheckoutState = z.object({
  productId: z.union([z.number(), z.string().min(1)]),
  tier: z.string().min(1),
  price: z.union([z.number(), z.string().min(1)]),
  userName: z.string().nullish(),
  userImage: z.string().nullish(),
  description: z.string().nullish(),
  imageUrl: z.string().nullish(),
  displayPrice: z.string().nullish(),
  creatorId: z.string().nullish(),
});
export type CheckoutState = z.infer<typeof CheckoutState>;

/** The state when it carries what SPEC §5 requires, else null ('session missing'). */
export function readCheckoutState(state: unknown): CheckoutState | null {
  const parsed = CheckoutState.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The price on the pay button: the given display text, else the price as sent. */
export function checkoutPriceText(state: CheckoutState, locale?: string): string {
  if (state.displayPrice) return state.displayPrice;
  if (typeof state.price === 'number')
    return formatMoney(Math.round(state.price * 100), 'eur', locale);
  return state.price;
}
