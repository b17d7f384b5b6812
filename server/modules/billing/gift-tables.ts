import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, type Currency } from '../../../common/rules/money';
import { PAID_TIERS, type PaidTier } from '../../../common/rules/tiers';
import { inList } from '../../db/checks';
import { items } from '../items/tables';
import { users } from '../users/tables';

/**
 * A gift (issue 43): an item or `months` of a creator's tier, paid by `giverId` through one
 * checkout (`checkoutSessionId`, unique: a payment makes one gift however often it arrives) for
 * `recipientEmail`. `code` (128 random bits, base64url) is the redeem link's secret; it is
 * redeemed once (`redeemedBy`, set by a conditional update) unless `refundedAt` is set first.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    tier: text('tier').$type<PaidTier>(),
    months: smallint('months'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    /** The earnings entry of its payment (the transaction a refund books against). */
    paymentRef: text('payment_ref').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** When its mail was last queued to go out (at once, at sendAt, or by a resend). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gifts_code_idx').on(t.code),
    uniqueIndex('gifts_checkout_idx').on(t.checkoutSessionId),
    index('gifts_giver_idx').on(t.giverId, t.createdAt.desc()),
    check('gifts_amount_positive', sql`${t.amountCents} > 0`),
    check('gifts_currency_check', inList(t.currency, CURRENCIES)),
    check('gifts_tier_check', inList(t.tier, PAID_TIERS)),
    check('gifts_months_check', sql`${t.months} is null or ${t.months} in (1, 3, 12)`),
    check('gifts_message_length', sql`char_length(${t.message}) <= 500`),
    // An item, or a tier for some months: never both, never neither.
    check(
      'gifts_what_check',
      sql`(${t.tier} is null and ${t.months} is null) or (${t.tier} is not null and ${t.months} is not null)`,
    ),
  ],
);
export type GiftRow = typeof gifts.$inferSelect;
