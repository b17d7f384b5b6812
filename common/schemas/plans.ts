import { z } from 'zod';
import { isYearlyPriceAllowed } from '../rules/plans';
import type { PaidTier } from '../rules/tiers';

/*
 * Yearly plans (issue 43, common/rules/plans.ts): the creator sets each paid tier's yearly price
 * in integer cents (USD), between one and twelve monthly prices; the same schema checks the
 * settings form and the server.
 */

const yearlyPrice = (tier: PaidTier) =>
  z
    .number({ error: 'yearlyPriceInvalid' })
    .int('yearlyPriceInvalid')
    .refine((cents) => isYearlyPriceAllowed(tier, cents), { error: 'yearlyPriceOutOfRange' });

/** PUT /api/v1/creator/plans: each paid tier's yearly price in cents. */
export const SetMembershipPlansRequest = z.strictObject({
  Hypr: yearlyPrice('Hypr'),
  HyprSoul: yearlyPrice('HyprSoul'),
});
export type SetMembershipPlansRequest = z.infer<typeof SetMembershipPlansRequest>;

export const TierPlan = z.object({
  monthlyCents: z.number().int(),
  yearlyCents: z.number().int(),
  /** Whether the yearly price is the creator's own (false: the default, ten months). */
  isYearlyCustom: z.boolean(),
});
export type TierPlan = z.infer<typeof TierPlan>;

/**
 * GET/PUT /api/v1/creator/plans and GET /api/v1/creators/{username}/plans: each paid tier's
 * monthly and yearly price, in `currency`.
 */
export const MembershipPlans = z.object({
  currency: z.literal('usd'),
  Hypr: TierPlan,
  HyprSoul: TierPlan,
});
export type MembershipPlans = z.infer<typeof MembershipPlans>;
