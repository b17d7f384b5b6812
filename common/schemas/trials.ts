import { z } from 'zod';
import { TRIAL_DAYS_MAX } from '../rules/trials';

/*
 * Free trials of a creator's paid tiers (issue 43, common/rules/trials.ts): the creator sets the
 * days per tier (0 is no trial), the same schema checks the settings form and the server.
 */

export const TrialDays = z.number().int().min(0).max(TRIAL_DAYS_MAX);

/** PUT/GET /api/v1/creator/trials and GET /api/v1/creators/{username}/trials. */
export const MembershipTrials = z.strictObject({ Hypr: TrialDays, HyprSoul: TrialDays });
export type MembershipTrials = z.infer<typeof MembershipTrials>;
