import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
  PAYOUT_CURRENCIES,
  PAYOUT_STATUSES,
  type PayoutCurrency,
  type PayoutStatus,
} from '../../../common/rules/payouts';
import {
  PAYOUT_TRANSFER_STATUSES,
  type PayoutTransferStatus,
} from '../../../common/schemas/payouts';
import { inList } from '../../db/checks';
import { users } from '../users/tables';

/**
 * A creator's payout routing (SPEC §3 payout setting), one row per creator. The account and
 * routing numbers are stored only sealed (cipher.ts: AES-256-GCM with the key id in the value);
 * no column holds them, or any part of them, in plain text.
 */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethod: text('payment_method').notNull(),
    bankName: text('bank_name').notNull().default(''),
    accountNumberSealed: text('account_number_sealed'),
    routingNumberSealed: text('routing_number_sealed'),
    currency: text('currency').$type<PayoutCurrency>().notNull().default('usd'),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    autoPayout: boolean('auto_payout').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_settings_currency_check', inList(t.currency, PAYOUT_CURRENCIES)),
    check('payout_settings_status_check', inList(t.status, PAYOUT_STATUSES)),
    // Payout runs read the creators due a payout.
    index('payout_settings_due_idx').on(t.status, t.autoPayout),
  ],
);
export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;

/** One payout run (POST /api/v1/hub/payouts/run); its idempotency key makes a repeat a replay. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_runs_idempotency_key_idx').on(t.idempotencyKey),
    index('payout_runs_created_idx').on(t.createdAt.desc()),
  ],
);
export type PayoutRunRow = typeof payoutRuns.$inferSelect;

/**
 * What a run pays one creator in one currency: booked in the earnings ledger (`ledgerRef`) in
 * the run's transaction, then handed to the payout provider by a queued job.
 */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    ledgerRef: text('ledger_ref').notNull(),
    status: text('status').$type<PayoutTransferStatus>().notNull().default('queued'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_transfers_amount_positive', sql`${t.amountCents} > 0`),
    check('payout_transfers_currency_check', inList(t.currency, CURRENCIES)),
    check('payout_transfers_status_check', inList(t.status, PAYOUT_TRANSFER_STATUSES)),
    uniqueIndex('payout_transfers_run_creator_currency_idx').on(t.runId, t.creatorId, t.currency),
    uniqueIndex('payout_transfers_ledger_ref_idx').on(t.ledgerRef),
  ],
);
export type PayoutTransferRow = typeof payoutTransfers.$inferSelect;
