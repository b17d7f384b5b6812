import { z } from 'zod';
import { GIFT_MESSAGE_MAX, GIFT_MONTHS } from '../rules/gifts';
import { PAID_TIERS } from '../rules/tiers';

/*
 * Gifts (issue 43, common/rules/gifts.ts): what a checkout's `gift` carries, the public view of
 * a gift by its code, the redeem answer and the giver's list of sent gifts.
 */

/**
 * A checkout's `gift` (POST /v1/billing/create-checkout-session): the recipient's address, an
 * optional message (trimmed, at most 500), an optional future send time (ISO, at most a year
 * ahead; the mail goes at once without one), and for a membership gift its months (1, 3 or 12).
 */
export const GiftOrder = z.object({
  email: z.email('emailInvalid').trim().toLowerCase().max(254),
  message: z.string().trim().max(GIFT_MESSAGE_MAX, 'giftMessageTooLong').optional().nullable(),
  sendAt: z.iso.datetime({ offset: true }).optional().nullable(),
  months: z
    .number()
    .int()
    .refine((m) => (GIFT_MONTHS as readonly number[]).includes(m), 'giftMonthsInvalid')
    .optional(),
});
export type GiftOrder = z.infer<typeof GiftOrder>;

/** What a gift gives: an item, or months of a creator's tier. */
export const GiftContent = z.object({
  kind: z.enum(['item', 'membership']),
  item: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  tier: z.enum(PAID_TIERS).nullable(),
  months: z.number().int().nullable(),
  creator: z.object({ username: z.string(), displayName: z.string() }).nullable(),
});
export type GiftContent = z.infer<typeof GiftContent>;

/** GET /api/v1/gifts/{code}: the little a code's holder sees before redeeming it. */
export const PublicGift = GiftContent.extend({
  giverName: z.string(),
  message: z.string().nullable(),
  state: z.enum(['redeemable', 'redeemed', 'refunded']),
});
export type PublicGift = z.infer<typeof PublicGift>;

export const RedeemGiftResponse = z.object({
  gift: PublicGift,
  /** Where the redeemer finds it: the item's page or the creator's page. */
  path: z.string(),
});
export type RedeemGiftResponse = z.infer<typeof RedeemGiftResponse>;

/** One gift in its giver's list (GET /api/v1/gifts). */
export const SentGift = GiftContent.extend({
  id: z.uuid(),
  recipientEmail: z.string(),
  message: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  sendAt: z.string().nullable(),
  /** When its mail was last queued to go out (null: still waiting for sendAt). */
  sentAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** From when it may be refunded (unredeemed, 30 days after purchase). */
  refundableFrom: z.string(),
  isResendable: z.boolean(),
  isRefundable: z.boolean(),
});
export type SentGift = z.infer<typeof SentGift>;

export const SentGiftsResponse = z.object({ gifts: z.array(SentGift) });
export type SentGiftsResponse = z.infer<typeof SentGiftsResponse>;

export const GiftActionResponse = z.object({ gift: SentGift });
export type GiftActionResponse = z.infer<typeof GiftActionResponse>;
