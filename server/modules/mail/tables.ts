import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTICE_KINDS, type NoticeKind } from '../../../common/rules/locales';
import { inList } from '../../db/checks';
import { users } from '../users/tables';

/**
 * The mails the embedded `outbox` adapter delivered (issue 16): the operator reads them at the
 * admin outbox page instead of a mail server. One row per job, so a retried job stores it once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobKey: text('job_key').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    template: text('template').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mail_outbox_job_key_idx').on(t.jobKey),
    index('mail_outbox_sent_idx').on(t.sentAt.desc(), t.id.desc()),
  ],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/** `not-me`: the "this was not me" link of a confirmation mail, which takes the address back. */
export const MAIL_TOKEN_PURPOSES = [
  'verify-email',
  'change-email',
  'reset-password',
  'not-me',
] as const;
export type MailTokenPurpose = (typeof MAIL_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens of mailed links. Only a SHA-256 hash of the token is stored; the token itself
 * is an HMAC of the row id under the `mail-links` key, so the mail job can rebuild the link
 * without the database ever holding it. `email` is the address the link proves (for an e-mail
 * change, the new one).
 */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<MailTokenPurpose>().notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer token or a password reset made it void. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_tokens_hash_idx').on(t.tokenHash),
    index('mail_tokens_user_idx').on(t.userId, t.purpose, t.createdAt.desc()),
    check('mail_tokens_purpose_check', inList(t.purpose, MAIL_TOKEN_PURPOSES)),
  ],
);
export type MailTokenRow = typeof mailTokens.$inferSelect;

/** Notices a person switched off (a row means off; no row means on, the default). */
export const noticeOptOuts = pgTable(
  'notice_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notice_opt_outs_kind_check', inList(t.kind, NOTICE_KINDS)),
  ],
);

/**
 * When each person's last daily digest was queued (issue 16): the next one counts what came
 * after it, and none is queued twice on one UTC day. No row: never had one.
 */
export const mailDigests = pgTable('mail_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastQueuedAt: timestamp('last_queued_at', { withTimezone: true }).notNull(),
});
