import { PWYW_MAX_CENTS, PWYW_MIN_CHARGE_CENTS } from './pay-what-you-want';

/*
 * Tips (issue 43): a one-off payment from a fan to a creator, with an optional public message,
 * by card (the checkout) or from the balance. The form and the server decide with the same
 * bounds: a tip is a payment like a pay-what-you-want one, so it takes the same smallest card
 * payment and the same platform cap (common/rules/pay-what-you-want.ts).
 */

/** The smallest tip (cents): the smallest payment the platform takes. */
export const TIP_MIN_CENTS = PWYW_MIN_CHARGE_CENTS;
/** The largest tip (cents): the platform cap on one chosen payment. */
export const TIP_MAX_CENTS = PWYW_MAX_CENTS;
/** A tip's message, trimmed, is at most this many characters. */
export const TIP_MESSAGE_MAX = 280;
/** The `tier` value of a checkout that is a tip. */
export const TIP_TIER = 'tip';

/** Why a tip amount cannot be paid (a catalogue code), or null. */
export type TipAmountProblem = 'tip_below_minimum' | 'tip_above_maximum';

export function tipAmountProblem(amountCents: number): TipAmountProblem | null {
  if (!Number.isSafeInteger(amountCents) || amountCents < TIP_MIN_CENTS) {
    return 'tip_below_minimum';
  }
  if (amountCents > TIP_MAX_CENTS) return 'tip_above_maximum';
  return null;
}

/** The stored message: trimmed, and null when nothing is left. */
export const tipMessageOf = (message: string | null | undefined): string | null => {
  const trimmed = (message ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
