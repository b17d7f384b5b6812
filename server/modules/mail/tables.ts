import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { NEW_ITEMS_CHOICES, type NewItemsChoice } from '../../../common/schemas/newsletter';
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

/**
 * New-post mail choices per person and creator (issue 42): no row means the default (members
 * `instant`, followers `weekly`); `off` is also what a mail's one-click unsubscribe writes.
 */
export const newsletterPreferences = pgTable(
  'newsletter_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newItems: text('new_items').$type<NewItemsChoice>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.creatorId] }),
    check('newsletter_preferences_new_items_check', inList(t.newItems, NEW_ITEMS_CHOICES)),
  ],
);

/**
 * A creator's short update to their members (issue 42), mailed like a new item. Its rows also
 * count the updates of the last 24 hours for the rate limit.
 */
export const creatorUpdates = pgTable(
  'creator_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('creator_updates_creator_idx').on(t.creatorId, t.createdAt.desc())],
);

export const NEWSLETTER_VIAS = ['instant', 'weekly'] as const;
export type NewsletterVia = (typeof NEWSLETTER_VIAS)[number];
export const NEWSLETTER_ACCESS = ['open', 'member', 'locked'] as const;
export type NewsletterAccess = (typeof NEWSLETTER_ACCESS)[number];

/**
 * One row per new-post mail and recipient (issue 42): `source` is `item:<id>` or
 * `update:<uuid>`, and (source, recipient) is unique, so nobody is mailed twice about one item
 * whatever retries or instances do. `via` says whether it goes out at once or in the weekly
 * mail; `sentAt` is set when the mail server took it, `clickedAt` at the first click of a link.
 */
export const newsletterSends = pgTable(
  'newsletter_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    via: text('via').$type<NewsletterVia>().notNull(),
    /** The lock state for that reader when it was queued (`open`, `member`, `locked`). */
    access: text('access').$type<NewsletterAccess>().notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    /** The weekly mail that carries it, once one was queued. */
    weeklyKey: text('weekly_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_sends_source_recipient_idx').on(t.source, t.recipientId),
    index('newsletter_sends_item_idx').on(t.itemId),
    index('newsletter_sends_weekly_idx')
      .on(t.recipientId, t.creatorId)
      .where(sql`${t.via} = 'weekly' and ${t.weeklyKey} is null`),
    check('newsletter_sends_via_check', inList(t.via, NEWSLETTER_VIAS)),
    check('newsletter_sends_access_check', inList(t.access, NEWSLETTER_ACCESS)),
  ],
);
