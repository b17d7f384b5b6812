/*
 * Pay what you want (issue 43): an item may let fans choose what they pay, from its creator's
 * minimum (0 allowed) upwards, with a suggested amount the product page starts from. The form
 * and the server decide with the same functions below; the server charges the amount it
 * validated, in the item's currency, and nothing else.
 *
 * Bounds of one payment, in cents of the item's currency:
 *   - at least the creator's minimum, and never less than PWYW_MIN_CHARGE_CENTS: a card payment
 *     has a smallest amount (Stripe's is 0.50 in EUR and USD), so a minimum of 0 means "the
 *     smallest payment the platform takes", not a free item;
 *   - at most 1,000 times that effective minimum (a typo guard: 10.00 typed as 10000), and
 *     never more than the platform cap PWYW_MAX_CENTS (the item price cap, 10,000.00).
 */

/** The smallest payment for a pay-what-you-want item, whatever its minimum (cents). */
export const PWYW_MIN_CHARGE_CENTS = 50;
/** The platform cap on one pay-what-you-want payment (cents): the item price cap. */
export const PWYW_MAX_CENTS = 1_000_000;
/** A payment is at most this many times the effective minimum. */
export const PWYW_MAX_MULTIPLE = 1000;

/** An item's pay-what-you-want terms as stored (cents); null on a fixed-price item. */
export interface PayWhatYouWant {
  minPriceCents: number;
  suggestedPriceCents: number;
}

/** The amounts a payment may have for a creator's minimum: `[min, max]` in cents. */
export function pwywBounds(minPriceCents: number): { minCents: number; maxCents: number } {
  const minCents = Math.max(minPriceCents, PWYW_MIN_CHARGE_CENTS);
  return { minCents, maxCents: Math.min(minCents * PWYW_MAX_MULTIPLE, PWYW_MAX_CENTS) };
}

/** Why an amount cannot be paid for an item with this minimum (a catalogue code), or null. */
export type PwywAmountProblem = 'amount_below_minimum' | 'amount_above_maximum';

export function pwywAmountProblem(
  amountCents: number,
  minPriceCents: number,
): PwywAmountProblem | null {
  const { minCents, maxCents } = pwywBounds(minPriceCents);
  if (!Number.isSafeInteger(amountCents) || amountCents < minCents) return 'amount_below_minimum';
  if (amountCents > maxCents) return 'amount_above_maximum';
  return null;
}

/** Why a creator's terms cannot be saved (a catalogue code), or null. */
export type PwywTermsProblem = 'pwyw_minimum_invalid' | 'pwyw_suggested_invalid';

/**
 * The create/edit form's rule: a minimum from 0 up to the cap, and a suggested amount the fan
 * could pay (within the bounds of that minimum).
 */
export function pwywTermsProblem(terms: PayWhatYouWant): PwywTermsProblem | null {
  const { minPriceCents, suggestedPriceCents } = terms;
  if (!Number.isSafeInteger(minPriceCents) || minPriceCents < 0) return 'pwyw_minimum_invalid';
  if (minPriceCents > PWYW_MAX_CENTS) return 'pwyw_minimum_invalid';
  if (pwywAmountProblem(suggestedPriceCents, minPriceCents) !== null) {
    return 'pwyw_suggested_invalid';
  }
  return null;
}

/**
 * The price every other reader of an item sees (its card, the lock, a balance unlock): the
 * smallest payment it takes.
 */
export const pwywListedPriceCents = (minPriceCents: number): number =>
  pwywBounds(minPriceCents).minCents;
