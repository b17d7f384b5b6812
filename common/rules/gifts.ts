import { TIER_PRICE_CENTS, type PaidTier } from './tiers';

/*
 * Gifts (issue 43): a fan buys an item or 1, 3 or 12 months of a creator's tier for an e-mail
 * address; the recipient redeems it once with the link of the gift mail. The form and the
 * server decide with these same rules.
 */

/** The months a membership gift may give. */
export const GIFT_MONTHS = [1, 3, 12] as const;
export type GiftMonths = (typeof GIFT_MONTHS)[number];
/** What a membership gift costs: the tier's monthly price for each month it gives. */
export const membershipGiftCents = (tier: PaidTier, months: number): number =>
  TIER_PRICE_CENTS[tier] * months;

/** A gift's message, trimmed, is at most this many characters. */
export const GIFT_MESSAGE_MAX = 500;
/** A gift mail may be scheduled at most this far ahead. */
export const GIFT_SEND_AHEAD_MAX_DAYS = 365;
/** An unredeemed gift may be refunded to its giver from this many days after its purchase. */
export const GIFT_REFUND_AFTER_DAYS = 30;
/** The giver may send the gift mail again at most once per this many minutes. */
export const GIFT_RESEND_MINUTES = 10;

const DAY_MS = 86_400_000;

/** Why a chosen send date cannot be used (a catalogue code), or null: future, within a year. */
export function giftSendAtProblem(
  sendAt: Date,
  now: Date,
): 'gift_send_at_past' | 'gift_send_at_too_far' | null {
  if (Number.isNaN(sendAt.getTime()) || sendAt.getTime() <= now.getTime()) {
    return 'gift_send_at_past';
  }
  if (sendAt.getTime() - now.getTime() > GIFT_SEND_AHEAD_MAX_DAYS * DAY_MS) {
    return 'gift_send_at_too_far';
  }
  return null;
}

/** Whether an unredeemed, unrefunded gift bought at `purchasedAt` may be refunded now. */
export const giftRefundableAt = (purchasedAt: Date): Date =>
  new Date(purchasedAt.getTime() + GIFT_REFUND_AFTER_DAYS * DAY_MS);

/** The stored message: trimmed, and null when nothing is left. */
export const giftMessageOf = (message: string | null | undefined): string | null => {
  const trimmed = (message ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
