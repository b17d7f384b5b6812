import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, type Currency } from '../../../common/rules/money';
import {
  DISPUTE_STATUSES,
  REFUND_CAUSES,
  type DisputeStatus,
  type RefundCause,
} from '../../../common/schemas/transactions';
import { inList } from '../../db/checks';
import { users } from '../users/tables';
import { ledgerEntries } from './tables';

/**
 * Money given back from one payment (issue 43): a transaction is the payment's earnings entry.
 * `providerRef` names the giving-back once (Stripe's refund id `re_…`, `dispute:dp_…`, or our own
 * key for local and balance payments), so the admin's call and Stripe's `charge.refunded` for
 * the same refund book it once, whichever commits first. `requestKey` is the Idempotency-Key of
 * the call that asked (`<transaction>:<key>`), so a repeated call answers this row.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    cause: text('cause').$type<RefundCause>().notNull(),
    providerRef: text('provider_ref').notNull(),
    requestKey: text('request_key'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_ref_idx').on(t.providerRef),
    uniqueIndex('payment_refunds_request_key_idx').on(t.requestKey),
    index('payment_refunds_transaction_idx').on(t.transactionId),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_refunds_cause_check', inList(t.cause, REFUND_CAUSES)),
    check('payment_refunds_currency_check', inList(t.currency, CURRENCIES)),
  ],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** A card payment's dispute (chargeback) at the provider, by the provider's dispute id. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: text('id').primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    status: text('status').$type<DisputeStatus>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_disputes_transaction_idx').on(t.transactionId),
    check('payment_disputes_status_check', inList(t.status, DISPUTE_STATUSES)),
    check('payment_disputes_currency_check', inList(t.currency, CURRENCIES)),
  ],
);
