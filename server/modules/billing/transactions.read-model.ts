import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import type { Tier } from '../../../common/rules/tiers';
import {
  refundStateOf,
  type Transaction,
  type TransactionsQuery,
} from '../../../common/schemas/transactions';
import type { Db } from '../../db/client';
import { items, users } from '../../db/schema/index';
import { idCursor } from '../../http/cursor';
import { paymentDisputes, paymentRefunds } from './refund-tables';
import { checkoutSessions, ledgerEntries, subscriptions } from './tables';

/*
 * Single payments (issue 43): each item sale, membership payment and tip is one earnings entry, its
 * id the transaction's. The list reads them newest first, with who paid, what, how, and how much
 * of it went back.
 */

const buyers = sql`buyer`;

/** The columns of a payment, as the list and the refund calls read it. */
const paymentColumns = {
  id: ledgerEntries.id,
  kind: sql<Transaction['kind']>`${ledgerEntries.kind}`,
  creatorId: ledgerEntries.userId,
  creatorName: users.username,
  buyerId: ledgerEntries.buyerId,
  buyerName: sql<string | null>`(select ${buyers}.username from ${users} ${buyers}
    where ${buyers}.id = ${ledgerEntries.buyerId})`,
  itemId: ledgerEntries.itemId,
  itemTitle: sql<
    string | null
  >`(select i.title from ${items} i where i.id = ${ledgerEntries.itemId})`,
  tier: sql<Tier | null>`coalesce(${subscriptions.tier}, ${checkoutSessions.tier})`,
  ref: ledgerEntries.ref,
  grossCents: sql<number>`coalesce(${ledgerEntries.grossCents}, ${ledgerEntries.amountCents})`,
  netCents: ledgerEntries.amountCents,
  currency: sql<Currency>`${ledgerEntries.currency}`,
  provider: sql<Transaction['provider']>`coalesce(${checkoutSessions.provider},
    ${subscriptions.provider}, 'balance')`,
  paymentIntentId: checkoutSessions.paymentIntentId,
  subscriptionId: ledgerEntries.subscriptionId,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  createdAt: ledgerEntries.createdAt,
  refundedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from ${paymentRefunds} r
    where r.transaction_id = ${ledgerEntries.id})`,
  dispute: sql<Transaction['dispute']>`(select d.status from ${paymentDisputes} d
    where d.transaction_id = ${ledgerEntries.id} order by d.created_at desc, d.id limit 1)`,
};

const isPayment = and(
  eq(ledgerEntries.account, 'earnings'),
  inArray(ledgerEntries.kind, ['sale', 'membership', 'tip']),
);

function paymentsSelect(db: Db, where: SQL | undefined) {
  return db
    .select(paymentColumns)
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, ledgerEntries.checkoutSessionId))
    .leftJoin(subscriptions, eq(subscriptions.id, ledgerEntries.subscriptionId))
    .where(and(isPayment, where));
}

export type PaymentRow = Awaited<ReturnType<typeof paymentsSelect>>[number];

/**
 * One payment by its transaction id; null when there is none. `lock` holds its earnings entry
 * for the caller's transaction (`for update` of that row alone).
 */
export async function paymentById(
  db: Db,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | null> {
  const query = paymentsSelect(db, eq(ledgerEntries.id, id));
  const [row] = options.lock ? await query.for('update', { of: ledgerEntries }) : await query;
  return (row as PaymentRow | undefined) ?? null;
}

/** The payment whose earnings entry is `ref` (a membership's invoice, `membershipRef`). */
export async function paymentByRef(db: Db, ref: string): Promise<PaymentRow | null> {
  const [row] = await paymentsSelect(db, eq(ledgerEntries.ref, ref));
  return (row as PaymentRow | undefined) ?? null;
}

/** The payment whose card charge is Stripe's PaymentIntent `paymentIntentId`. */
export async function paymentByIntent(db: Db, paymentIntentId: string): Promise<PaymentRow | null> {
  const [row] = await paymentsSelect(db, eq(checkoutSessions.paymentIntentId, paymentIntentId));
  return (row as PaymentRow | undefined) ?? null;
}

export function presentTransaction(row: PaymentRow): Transaction {
  return {
    id: row.id,
    kind: row.kind,
    buyer: row.buyerId && row.buyerName ? { id: row.buyerId, username: row.buyerName } : null,
    creator: { id: row.creatorId, username: row.creatorName },
    item:
      row.itemId !== null && row.itemTitle !== null
        ? { id: row.itemId, title: row.itemTitle }
        : null,
    tier: row.kind === 'membership' ? row.tier : null,
    amountCents: row.grossCents,
    currency: row.currency,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    refundedCents: row.refundedCents,
    refundState: refundStateOf(row.grossCents, row.refundedCents),
    dispute: row.dispute,
  };
}

/** A page of payments, newest first, filtered; `creatorId` limits a creator to their own. */
export async function transactionsPage(
  db: Db,
  query: TransactionsQuery,
): Promise<{ transactions: Transaction[]; nextCursor: string | null }> {
  const after = idCursor.decode(query.cursor);
  const rows = await paymentsSelect(
    db,
    and(
      query.creatorId ? eq(ledgerEntries.userId, query.creatorId) : undefined,
      query.buyerId ? eq(ledgerEntries.buyerId, query.buyerId) : undefined,
      query.itemId ? eq(ledgerEntries.itemId, query.itemId) : undefined,
      after ? lt(ledgerEntries.id, after[0]) : undefined,
    ),
  )
    .orderBy(desc(ledgerEntries.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = idCursor.page(rows as PaymentRow[], query.limit, (r) => [r.id]);
  return { transactions: page.map(presentTransaction), nextCursor };
}
