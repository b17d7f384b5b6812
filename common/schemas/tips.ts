import { z } from 'zod';
import { TIP_MESSAGE_MAX } from '../rules/tips';

/*
 * Tips (issue 43, common/rules/tips.ts): what a fan writes with a tip, the balance payment, and
 * the two lists (the creator's page: tips their fans let it show; the creator's dashboard: all).
 */

/** What goes with a tip: an optional message (trimmed, at most 280) and whether the page shows it. */
export const TipNote = z.object({
  message: z.string().trim().max(TIP_MESSAGE_MAX, 'tipMessageTooLong').optional().nullable(),
  /** The fan lets the creator's page show the tip (name, amount, message). */
  showPublicly: z.boolean().default(false),
});
export type TipNote = z.infer<typeof TipNote>;

/** POST /api/v1/tips/balance: a tip paid from the balance (Idempotency-Key header required). */
export const BalanceTipRequest = TipNote.extend({
  creatorId: z.uuid('creatorIdInvalid'),
  /** Cents of the wallet's currency (EUR). */
  amountCents: z.number().int('amountInvalid'),
  /** The body's key when the header cannot be set (the header wins). */
  idempotencyKey: z
    .string()
    .regex(/^[\w\-:.]{1,100}$/)
    .optional(),
});
export type BalanceTipRequest = z.infer<typeof BalanceTipRequest>;

export const BalanceTipResponse = z.object({
  tipId: z.number().int(),
  chargedCents: z.number().int(),
  balanceCents: z.number().int(),
  /** True when the same Idempotency-Key had already paid this tip: nothing was charged again. */
  replayed: z.boolean(),
});
export type BalanceTipResponse = z.infer<typeof BalanceTipResponse>;

const TipFan = z.object({
  username: z.string(),
  displayName: z.string(),
  image: z.string().nullable(),
});

export const PublicTip = z.object({
  id: z.number().int(),
  fan: TipFan.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicTip = z.infer<typeof PublicTip>;

export const CreatorTip = PublicTip.extend({
  showPublicly: z.boolean(),
  /** What the creator earns from it: the tip less the platform fee. */
  netCents: z.number().int(),
  via: z.enum(['card', 'balance']),
});
export type CreatorTip = z.infer<typeof CreatorTip>;

export const TipsQuery = z.object({
  /** The id of the last tip of the page before (newest first). */
  before: z.coerce.number().int().positive('beforeInvalid').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TipsQuery = z.infer<typeof TipsQuery>;

export const PublicTipsPage = z.object({
  tips: z.array(PublicTip),
  nextBefore: z.number().int().nullable(),
});
export type PublicTipsPage = z.infer<typeof PublicTipsPage>;

export const CreatorTipsPage = z.object({
  tips: z.array(CreatorTip),
  nextBefore: z.number().int().nullable(),
});
export type CreatorTipsPage = z.infer<typeof CreatorTipsPage>;
