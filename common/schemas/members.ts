import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import { TIERS } from '../rules/tiers';
import { Email } from './auth';

/*
 * A creator's members in and out (issue 42): complimentary memberships, the member list and its
 * CSV export, and the import of a member list exported from Ghost.
 */

/** The paid tiers a complimentary membership can be of. */
export const CompTier = z.enum(['Hypr', 'HyprSoul']);
export type CompTier = z.infer<typeof CompTier>;

/** The longest complimentary membership given at once, in months. */
export const COMP_MAX_MONTHS = 24;
const Months = z.number().int().min(1, 'invalidInput').max(COMP_MAX_MONTHS, 'invalidInput');

/** POST /api/v1/creator/members/comp: whom (an account id or its e-mail), which tier, how long. */
export const CompMembershipRequest = z
  .object({
    userId: z.uuid().optional(),
    email: Email.optional(),
    tier: CompTier,
    months: Months,
  })
  .refine((body) => (body.userId === undefined) !== (body.email === undefined), {
    message: 'userOrEmail',
    path: ['userId'],
  });
export type CompMembershipRequest = z.infer<typeof CompMembershipRequest>;

export const CompMembershipResponse = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  username: z.string(),
  tier: CompTier,
  /** When it ends by itself (ISO 8601). */
  periodEnd: z.string(),
});
export type CompMembershipResponse = z.infer<typeof CompMembershipResponse>;

/**
 * Where a person stands with a creator: following only, a paying member, a complimentary member,
 * a member whose renewal failed, or one whose membership ended (and who still follows or paid).
 */
export const MEMBER_STATUSES = [
  'follower',
  'member',
  'complimentary',
  'past_due',
  'former_member',
] as const;
export const MemberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof MemberStatus>;

/** What one person paid a creator in one currency, in cents (currencies are never added). */
export const PaidInCurrency = z.object({
  currency: z.enum(CURRENCIES),
  cents: z.number().int(),
});
export type PaidInCurrency = z.infer<typeof PaidInCurrency>;

/** One row of the creator's member list (the CSV export has the same facts). */
export const MemberRow = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  /** Only when that person agreed to share their e-mail with creators (account settings). */
  email: z.string().nullable(),
  /** The tier of their current (or last) membership; null for a follower who never was one. */
  tier: z.enum(TIERS).nullable(),
  status: MemberStatus,
  /** When they first followed or became a member, whichever came first (ISO 8601). */
  memberSince: z.string(),
  /** When their current membership gives access until, if any. */
  accessUntil: z.string().nullable(),
  /** Lifetime paid to this creator (memberships and items, before the fee), per currency. */
  paid: z.array(PaidInCurrency),
});
export type MemberRow = z.infer<typeof MemberRow>;

/** GET /api/v1/creator/members: the newest 200 of the creator's followers and members. */
export const MemberList = z.object({
  members: z.array(MemberRow),
  /** How many people the whole list (and the CSV export) has. */
  total: z.number().int(),
});
export type MemberList = z.infer<typeof MemberList>;

// ---- import ----

/** Import limits: rows (after the header) and bytes of one file. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Why one line of an import is not taken. */
export const IMPORT_REFUSALS = [
  'email_missing',
  'email_invalid',
  'duplicate_in_file',
  'own_address',
  'already_invited',
] as const;
export const ImportRefusal = z.enum(IMPORT_REFUSALS);
export type ImportRefusal = z.infer<typeof ImportRefusal>;

/**
 * Why a whole file is refused as not CSV (`import_malformed`, with the `line` of the fault): not
 * UTF-8 text, a quote inside an unquoted field, text after a closing quote, a quoted field never
 * closed, or a line with a different number of fields than the header.
 */
export const IMPORT_MALFORMED_REASONS = [
  'not_utf8',
  'quote_in_field',
  'text_after_quote',
  'unclosed_quote',
  'field_count',
] as const;
export type ImportMalformedReason = (typeof IMPORT_MALFORMED_REASONS)[number];

const ImportLine = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  email: z.string(),
});

/**
 * The query of POST /api/v1/creator/members/import: `dryRun=true` only reports; `tier` with
 * `months` makes each accepted invitation a complimentary membership.
 */
export const MemberImportQuery = z
  .object({
    dryRun: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    tier: CompTier.optional(),
    months: z.coerce.number().int().min(1).max(COMP_MAX_MONTHS).optional(),
  })
  .refine((q) => (q.tier === undefined) === (q.months === undefined), {
    message: 'tierAndMonths',
    path: ['months'],
  });
export type MemberImportQuery = z.infer<typeof MemberImportQuery>;

/** What an import does (or, in a dry run, would do), line by line. */
export const MemberImportReport = z.object({
  dryRun: z.boolean(),
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Addresses without an account: each gets one invitation e-mail with a sign-up link. */
  toInvite: z.array(ImportLine),
  /** Addresses of existing accounts: each gets a notice, and no account is changed. */
  matching: z.array(ImportLine),
  /** Lines not taken, each with its reason. */
  refused: z.array(
    z.object({ line: z.number().int(), email: z.string().nullable(), reason: ImportRefusal }),
  ),
  /** The complimentary membership an accepted invitation gives, when chosen. */
  comp: z.object({ tier: CompTier, months: z.number().int() }).nullable(),
  /** The import queued (not in a dry run): its id. */
  importId: z.string().nullable(),
});
export type MemberImportReport = z.infer<typeof MemberImportReport>;

/**
 * Where a queued import stands: `queued` until its job ran, then `done` with its counts, or
 * `failed` when the job gave up after its attempts (its one transaction sent nobody anything).
 */
export const MEMBER_IMPORT_STATES = ['queued', 'done', 'failed'] as const;

/** GET /api/v1/creator/members/imports/{importId}: one of the signed-in creator's imports. */
export const MemberImportState = z.object({
  importId: z.string(),
  status: z.enum(MEMBER_IMPORT_STATES),
  /** Addresses the file gave to handle (the lines refused on their own not counted). */
  addresses: z.number().int(),
  /** Invitations sent and existing accounts notified; null until the job ran. */
  invited: z.number().int().nullable(),
  matched: z.number().int().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  comp: z.object({ tier: CompTier, months: z.number().int() }).nullable(),
});
export type MemberImportState = z.infer<typeof MemberImportState>;

export const MemberImportParams = z.object({ importId: z.uuid() });
export type MemberImportParams = z.infer<typeof MemberImportParams>;
