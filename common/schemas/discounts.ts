import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_MAX_ITEMS } from '../rules/discounts';

/*
 * Discount codes (issue 43): POST/GET /api/v1/creator/discounts and
 * DELETE /api/v1/creator/discounts/{id}. A creator manages only their own codes. The rules of
 * what a code takes off are in common/rules/discounts.ts.
 */

export const DiscountAppliesTo = z.union([
  z.literal('all'),
  z
    .object({
      /** The creator's own item ids. */
      items: z.array(z.number().int().positive()).max(DISCOUNT_MAX_ITEMS).optional(),
      /** Membership tiers of the creator. */
      tiers: z
        .array(z.enum(['Hypr', 'HyprSoul']))
        .max(2)
        .optional(),
    })
    .strict(),
]);
export type DiscountAppliesTo = z.infer<typeof DiscountAppliesTo>;

export const CreateDiscountRequest = z
  .object({
    code: z.string().trim().regex(DISCOUNT_CODE_PATTERN),
    /** 1 to 100; exactly one of percentOff and amountOffCents. */
    percentOff: z.number().int().min(1).max(100).optional(),
    /** Cents of `currency` (EUR unless given). */
    amountOffCents: z.number().int().positive().max(1_000_000).optional(),
    currency: z.enum(CURRENCIES).optional(),
    appliesTo: DiscountAppliesTo.default('all'),
    maxRedemptions: z.number().int().positive().max(1_000_000).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    /** A membership's first period only (the default; renewals are full price). */
    firstPeriodOnly: z.boolean().optional(),
  })
  .strict();
export type CreateDiscountRequest = z.infer<typeof CreateDiscountRequest>;

export const DiscountCode = z.object({
  id: z.uuid(),
  /** Upper-case; buyers may type it in any case. */
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  appliesTo: z.union([
    z.literal('all'),
    z.object({ items: z.array(z.number().int()), tiers: z.array(z.enum(['Hypr', 'HyprSoul'])) }),
  ]),
  maxRedemptions: z.number().int().nullable(),
  /** Redemptions paid plus those held by checkouts still open. */
  redemptions: z.number().int(),
  expiresAt: z.string().nullable(),
  firstPeriodOnly: z.boolean(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCode>;

export const DiscountList = z.object({ discounts: z.array(DiscountCode) });
export type DiscountList = z.infer<typeof DiscountList>;

export const DiscountParams = z.object({ id: z.uuid('discountIdInvalid') });

export const DeleteDiscountResponse = z.object({ id: z.uuid() });
