import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaidTier } from '../../../common/rules/tiers';
import { inList } from '../../db/checks';
import { users } from '../users/tables';

export const MEMBER_IMPORT_STATUSES = ['queued', 'done', 'failed'] as const;
export type MemberImportStatus = (typeof MEMBER_IMPORT_STATUSES)[number];

/** One address of an import, as the file gave it. */
export interface ImportedAddress {
  line: number;
  email: string;
  name: string | null;
}

/**
 * A member list a creator imported (issue 42): the addresses read from the file, handled by one
 * job (`members-import`), and what it did; `failed` when the job gave up (nothing was sent).
 */
export const memberImports = pgTable(
  'member_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<MemberImportStatus>().notNull().default('queued'),
    addresses: jsonb('addresses').$type<ImportedAddress[]>().notNull(),
    /** The complimentary membership an accepted invitation of this import gives, if any. */
    compTier: text('comp_tier').$type<PaidTier>(),
    compMonths: integer('comp_months'),
    invited: integer('invited'),
    matched: integer('matched'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('member_imports_creator_idx').on(t.creatorId, t.createdAt.desc()),
    check('member_imports_status_check', inList(t.status, MEMBER_IMPORT_STATUSES)),
    check('member_imports_comp_check', sql`(${t.compTier} is null) = (${t.compMonths} is null)`),
  ],
);

/**
 * An invitation mailed to an address without an account: its link leads to sign-up, and only a
 * sign-up through it uses it (nobody gets an account without consent). One per creator and
 * address, ever: a second import of the address mails nothing. Only a SHA-256 hash of the link's
 * token is kept; the token is an HMAC of the row id under the `mail-links` key.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    importId: uuid('import_id').references(() => memberImports.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    compTier: text('comp_tier').$type<PaidTier>(),
    compMonths: integer('comp_months'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('member_invitations_creator_email_idx').on(t.creatorId, sql`lower(${t.email})`),
    uniqueIndex('member_invitations_token_idx').on(t.tokenHash),
  ],
);
export type MemberInvitationRow = typeof memberInvitations.$inferSelect;
