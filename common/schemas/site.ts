import { z } from 'zod';

/*
 * The operator's details (issue 10): runtime settings of the server (OPERATOR_* and SUPPORT_EMAIL),
 * served to the web app so a self-hosted instance changes them without rebuilding it.
 */

export const OPERATOR_FIELDS = [
  'name',
  'address',
  'representative',
  'email',
  'phone',
  'register',
  'vatId',
] as const;
export type OperatorField = (typeof OPERATOR_FIELDS)[number];

/** GET /api/v1/site: null for each detail the operator has not set. */
export const SiteResponse = z.object({
  operator: z.object(
    Object.fromEntries(OPERATOR_FIELDS.map((f) => [f, z.string().nullable()])) as {
      [K in OperatorField]: z.ZodNullable<z.ZodString>;
    },
  ),
  /** Whether the operator has filled in anything of the imprint yet. */
  isOperatorConfigured: z.boolean(),
  /** The support address (SUPPORT_EMAIL, else the operator's e-mail); null when neither is set. */
  supportEmail: z.string().nullable(),
});
export type SiteResponse = z.infer<typeof SiteResponse>;
