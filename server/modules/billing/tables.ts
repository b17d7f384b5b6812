import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, type Currency } from '../../../common/rules/money';
import { BILLING_INTERVALS, type BillingInterval } from '../../../common/rules/plans';
import { TIERS, type PaidTier, type Tier } from '../../../common/rules/tiers';
import {
  CHECKOUT_KINDS,
  CHECKOUT_STATUSES,
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  SUBSCRIPTION_PROVIDERS,
  SUBSCRIPTION_STATUSES,
  type CheckoutStatus,
  type LedgerAccount,
  type LedgerKind,
  type PaymentProvider,
  type PaymentStatus,
  type SubscriptionProvider,
  type SubscriptionStatus,
} from '../../../common/schemas/billing';
import { inList } from '../../db/checks';
import { items } from '../items/tables';
import { users } from '../users/tables';

export type PaymentsProviderName = PaymentProvider;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/**
 * One checkout (issue 5), keyed by the provider's own session id so a webhook and the success
 * page find the same row; `fulfilledAt` is set once, inside the transaction that grants.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').$type<PaymentsProviderName>().notNull(),
    kind: text('kind').$type<CheckoutKind>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    tier: text('tier').$type<Tier>(),
    /** The label the client sent as `tier` (SPEC §2: the product title for items). */
    label: text('label').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    customerEmail: text('customer_email'),
    paymentMethodTypes: text('payment_method_types')
      .array()
      .notNull()
      .default(sql`'{card}'::text[]`),
    /** The subscription this checkout started (kind subscription), once known. */
    subscriptionId: uuid('subscription_id'),
    /** A tip's message (kind tip, issue 43), trimmed; null without one. */
    tipMessage: text('tip_message'),
    /** A tip's fan lets the creator's page show it (kind tip). */
    tipPublic: boolean('tip_public'),
    /** Stripe's PaymentIntent of a paid payment-mode session: refunds and `charge.*` name it. */
    paymentIntentId: text('payment_intent_id'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * A discount code (issue 43): the code as redeemed, the cents it took off `amountCents`'s
     * price (amountCents is what is charged), and the code row whose redemption this checkout
     * holds until it is paid or `discountReleasedAt` gave it back (expired or cancelled).
     */
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents'),
    discountReleasedAt: timestamp('discount_released_at', { withTimezone: true }),
    /** A membership's free trial (issue 43): its first period lasts this many days, for 0. */
    trialDays: smallint('trial_days'),
    /** A gift's order (kind gift, issue 43): the recipient, message, send time and months. */
    gift: jsonb('gift').$type<CheckoutGift>(),
    /** A membership's billing period (issue 43): 'month' or 'year'; null for one-off payments. */
    interval: text('interval').$type<BillingInterval>(),
    /** A membership's full price of one period (what renewals charge; before a discount). */
    periodPriceCents: integer('period_price_cents'),
  },
  (t) => [
    // Only a trial's checkout charges nothing now.
    check(
      'checkout_sessions_amount_positive',
      sql`${t.amountCents} > 0 or (${t.amountCents} = 0 and ${t.trialDays} between 1 and 30)`,
    ),
    check('checkout_sessions_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
    check('checkout_sessions_kind_check', inList(t.kind, CHECKOUT_KINDS)),
    check('checkout_sessions_status_check', inList(t.status, CHECKOUT_STATUSES)),
    check('checkout_sessions_payment_status_check', inList(t.paymentStatus, PAYMENT_STATUSES)),
    check('checkout_sessions_currency_check', inList(t.currency, CURRENCIES)),
    check('checkout_sessions_tier_check', inList(t.tier, TIERS)),
    check('checkout_sessions_interval_check', inList(t.interval, BILLING_INTERVALS)),
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('checkout_sessions_payment_intent_idx').on(t.paymentIntentId),
    // The prune of expired, never-paid sessions (checkout-prune.ts) walks this one.
    index('checkout_sessions_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.paymentStatus} = 'unpaid'`),
  ],
);
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** What a gift checkout stores of its order (common/schemas/gifts.ts GiftOrder, as checked). */
export interface CheckoutGift {
  email: string;
  message: string | null;
  sendAt: string | null;
  /** A membership gift's months; null for an item. */
  months: number | null;
}

/** Where a discount code applies: everything of its creator's, or the items and tiers listed. */
export type DiscountScope = 'all' | { items: number[]; tiers: PaidTier[] };

/**
 * A creator's discount code (issue 43). `redemptions` counts paid checkouts plus open ones
 * holding a redemption; a checkout takes one with a conditional update, so no more than
 * `maxRedemptions` are ever held however many buyers race (the CHECK is the backstop).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Upper-case: codes compare without case. */
    code: text('code').notNull(),
    percentOff: smallint('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    currency: text('currency').$type<Currency>(),
    appliesTo: jsonb('applies_to').$type<DiscountScope>().notNull(),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    firstPeriodOnly: boolean('first_period_only').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_creator_code_idx').on(t.creatorId, t.code),
    check(
      'discount_codes_amount_check',
      sql`(${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null and ${t.currency} is null) or (${t.percentOff} is null and ${t.amountOffCents} > 0 and ${t.currency} is not null)`,
    ),
    check('discount_codes_currency_check', inList(t.currency, CURRENCIES)),
    check(
      'discount_codes_redemptions_check',
      sql`${t.redemptions} >= 0 and (${t.maxRedemptions} is null or ${t.redemptions} <= ${t.maxRedemptions})`,
    ),
  ],
);
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Every provider webhook event handled: the primary key makes a replayed event a no-op. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<PaymentsProviderName>().notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A creator's free trial of a paid tier (issue 43): new members of `tier` get `trialDays` free
 * days first. No row is no trial.
 */
export const membershipTrialOffers = pgTable(
  'membership_trial_offers',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').$type<PaidTier>().notNull(),
    trialDays: smallint('trial_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.tier] }),
    check('membership_trial_offers_days_check', sql`${t.trialDays} between 1 and 30`),
    check(
      'membership_trial_offers_tier_check',
      inList(t.tier, ['Hypr', 'HyprSoul'] satisfies PaidTier[]),
    ),
  ],
);

/**
 * A creator's yearly price of a paid tier (issue 43, common/rules/plans.ts). No row is the
 * default, ten monthly prices; the service keeps it between one and twelve of them.
 */
export const membershipPlanPrices = pgTable(
  'membership_plan_prices',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').$type<PaidTier>().notNull(),
    yearlyCents: integer('yearly_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.tier] }),
    check('membership_plan_prices_yearly_check', sql`${t.yearlyCents} > 0`),
    check(
      'membership_plan_prices_tier_check',
      inList(t.tier, ['Hypr', 'HyprSoul'] satisfies PaidTier[]),
    ),
  ],
);

/** The test card saved by the local provider for renewals (never the full number). */
export interface SavedLocalCard {
  brand: string;
  last4: string;
  /** 'succeed' charges renewals; 'decline' declines them (test card 4000 0000 0000 0341). */
  renewals: 'succeed' | 'decline';
}

/** A fan's membership of one creator's tier; access is the matching entitlement row. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<SubscriptionProvider>().notNull(),
    /** Stripe `sub_...`, local `sub_local_...` or `comp_...`: webhooks find the row by it. */
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').$type<PaidTier>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** What each period costs (a renewal charges it; a discount took off the first one only). */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The period `priceCents` pays for (issue 43): a month, or a year at the yearly price. */
    interval: text('interval').$type<BillingInterval>().notNull().default('month'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    localCard: jsonb('local_card').$type<SavedLocalCard>(),
    /**
     * A pause the fan asked for (issue 43): from currentPeriodEnd (the paid period runs out as
     * usual) until this instant nothing is charged and access stays ended; the renewal job then
     * renews from here and clears it. Null when not paused.
     */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /**
     * A downgrade the fan chose (issue 43): the renewal at currentPeriodEnd switches the
     * membership to this tier and charges its price. Null when none is pending.
     */
    pendingTier: text('pending_tier').$type<PaidTier>(),
    /**
     * A membership that began with a free trial (issue 43): when the trial ends (its first,
     * unpaid period's end). Kept after it ends: one trial per person per creator, ever.
     */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId),
    // One free trial per fan and creator, however many checkouts race.
    uniqueIndex('subscriptions_one_trial_idx')
      .on(t.userId, t.creatorId)
      .where(sql`${t.trialEndsAt} is not null`),
    check('subscriptions_provider_check', inList(t.provider, SUBSCRIPTION_PROVIDERS)),
    check('subscriptions_tier_check', inList(t.tier, ['Hypr', 'HyprSoul'] satisfies PaidTier[])),
    check(
      'subscriptions_pending_tier_check',
      inList(t.pendingTier, ['Hypr', 'HyprSoul'] satisfies PaidTier[]),
    ),
    check('subscriptions_status_check', inList(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_interval_check', inList(t.interval, BILLING_INTERVALS)),
    check('subscriptions_currency_check', inList(t.currency, CURRENCIES)),
    index('subscriptions_user_idx').on(t.userId, t.createdAt.desc()),
    index('subscriptions_creator_status_idx').on(t.creatorId, t.status),
    // The renewal job scans local subscriptions that reached their period end.
    index('subscriptions_renewal_idx').on(t.provider, t.status, t.currentPeriodEnd),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The spendable balance of a fan: a cached sum of their 'wallet' ledger entries, written in the
 * same transaction as each entry. A spend's conditional update (only while the balance covers it)
 * takes this row's lock, so concurrent spends are serialised and each re-checks the balance it
 * finds; the check is the last line of defence against a negative balance.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_nonnegative', sql`${t.balanceCents} >= 0`),
    check('wallets_currency_check', inList(t.currency, CURRENCIES)),
  ],
);

export type { LedgerAccount };
export type LedgerEntryKind = LedgerKind;

/**
 * Signed cent entries of two accounts: a fan's wallet (top-ups, spends, refunds) and a
 * creator's earnings (sales and memberships net of the platform fee). `ref` is unique: every
 * money movement is keyed by what caused it (provider session, invoice, renewal period or
 * idempotency key), so it can happen only once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').$type<LedgerAccount>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** For earnings: what the buyer paid before the platform fee. */
    grossCents: integer('gross_cents'),
    currency: text('currency').$type<Currency>().notNull(),
    ref: text('ref').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    checkoutSessionId: text('checkout_session_id'),
    /** For a sale or membership payment (and its refunds): who paid. */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_ref_idx').on(t.ref),
    check('ledger_entries_account_check', inList(t.account, LEDGER_ACCOUNTS)),
    check('ledger_entries_kind_check', inList(t.kind, LEDGER_KINDS)),
    check('ledger_entries_currency_check', inList(t.currency, CURRENCIES)),
    index('ledger_entries_account_user_idx').on(t.account, t.userId, t.id.desc()),
    index('ledger_entries_item_idx').on(t.itemId),
    // The transactions list: a creator's payments, newest first (and by buyer).
    index('ledger_entries_payments_idx')
      .on(t.userId, t.id.desc())
      .where(sql`${t.account} = 'earnings' and ${t.kind} in ('sale', 'membership')`),
    index('ledger_entries_buyer_idx')
      .on(t.buyerId, t.id.desc())
      .where(sql`${t.buyerId} is not null`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * Running totals of the earnings ledger's credits (sales and memberships, net of the fee) per
 * creator, currency and UTC month, kept in the statement that books each credit
 * (`creditEarnings`), so the dashboard reads a few rows instead of summing every sale. The ledger
 * stays the record; migration 0016 built these rows from it. Each total is split over
 * `EARNINGS_SHARDS` rows, since a credit locks its row until its transaction commits: one row
 * per creator and month would make all of a creator's concurrent purchases wait on each other.
 * The shard is the booking transaction's id modulo the count (`earningsShard`), so all of one
 * transaction's credits to a creator's month share one row: two transactions that each book
 * several (a renewal catching up periods, a refund) never hold two rows in opposite orders, which
 * PostgreSQL would end as a deadlock. Readers add the shards up.
 */
export const EARNINGS_SHARDS = 8;

/** The earnings_months shard the current transaction books into (see above). */
export const earningsShard = sql<number>`(txid_current() % ${sql.raw(String(EARNINGS_SHARDS))})::smallint`;

export const earningsMonths = pgTable(
  'earnings_months',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    /** First instant of the UTC month. */
    month: timestamp('month', { withTimezone: true }).notNull(),
    shard: smallint('shard').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency, t.month, t.shard] }),
    check('earnings_months_currency_check', inList(t.currency, CURRENCIES)),
  ],
);

/**
 * Tips (issue 43): one row per tip paid, by card (its checkout) or from the balance. `ref` names
 * the payment as the ledger does (`checkout:<session>` or `balance:<fan>:<key>`), so a replayed
 * webhook or a repeated balance request books no second tip. The money is in the ledger (the
 * fan's spend, the creator's `tip` earnings entry); this row keeps what the ledger does not: the
 * message and whether the creator's page may show it.
 */
export const tips = pgTable(
  'tips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fanId: uuid('fan_id').references(() => users.id, { onDelete: 'set null' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    message: text('message'),
    showPublicly: boolean('show_publicly').notNull(),
    via: text('via').$type<'card' | 'balance'>().notNull(),
    ref: text('ref').notNull(),
    checkoutSessionId: text('checkout_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tips_ref_idx').on(t.ref),
    check('tips_amount_positive', sql`${t.amountCents} > 0`),
    check('tips_currency_check', inList(t.currency, CURRENCIES)),
    check('tips_via_check', inList(t.via, ['card', 'balance'])),
    check('tips_message_length', sql`char_length(${t.message}) <= 280`),
    index('tips_creator_idx').on(t.creatorId, t.id.desc()),
    index('tips_creator_public_idx')
      .on(t.creatorId, t.id.desc())
      .where(sql`${t.showPublicly}`),
  ],
);
export type TipRow = typeof tips.$inferSelect;
