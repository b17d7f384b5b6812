import type { Currency } from './money';
import { PWYW_MIN_CHARGE_CENTS } from './pay-what-you-want';

/*
 * Discount codes (issue 43): a creator's code takes a percentage or a fixed amount off the
 * server's own price of their items or memberships. The server decides with these functions;
 * the web shows the total the server answered.
 *
 *   - A code is 3 to 32 letters, digits, `-` or `_`, compared without case (stored upper-case),
 *     unique per creator.
 *   - `percentOff` 1..100 or `amountOffCents` > 0 (in one currency), exactly one of them.
 *   - The discount is rounded down to whole cents (the buyer never pays a fraction), and the
 *     total never goes below the smallest card payment (DISCOUNT_MIN_CHARGE_CENTS) or the
 *     price itself when that is smaller: a card checkout has a smallest amount, so even 100 %
 *     off charges that minimum (docs/payments.md).
 *   - Pay-what-you-want items take no codes (the fan already chooses the amount).
 *   - On a membership a code discounts the first period only: renewals are charged the tier's
 *     full price.
 */

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const DISCOUNT_MIN_CHARGE_CENTS = PWYW_MIN_CHARGE_CENTS;
/** A creator holds at most this many codes. */
export const DISCOUNTS_PER_CREATOR = 200;
/** At most this many item ids in one code's `appliesTo.items`. */
export const DISCOUNT_MAX_ITEMS = 100;

export const normalizeDiscountCode = (code: string): string => code.trim().toUpperCase();

export type DiscountAmount =
  | { percentOff: number; amountOffCents: null; currency: null }
  | { percentOff: null; amountOffCents: number; currency: Currency };

/**
 * The price after a discount, in the price's cents; null when a fixed amount off is in another
 * currency than the price (one currency per amount: it never applies).
 */
export function discountedCents(
  priceCents: number,
  currency: Currency,
  discount: DiscountAmount,
): number | null {
  let off: number;
  if (discount.percentOff !== null) off = Math.floor((priceCents * discount.percentOff) / 100);
  else {
    if (discount.currency !== currency) return null;
    off = discount.amountOffCents;
  }
  const floor = Math.min(priceCents, DISCOUNT_MIN_CHARGE_CENTS);
  return Math.max(priceCents - off, floor);
}
