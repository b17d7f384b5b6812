import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema/index';
import { paymentRefunds } from './refund-tables';
import { ledgerEntries } from './tables';

/*
 * Read model of the sales lists: the earnings ledger's sale entries joined with the items sold
 * (title, creator, currency), grouped per item in one statement.
 */

/** What went back of the sale entry in hand (its refunds and lost disputes), in cents. */
export const refundedOfSale = sql<number>`(select coalesce(sum(r.amount_cents), 0)
  from ${paymentRefunds} r where r.transaction_id = ${ledgerEntries.id})`;
/** What the buyer paid for the sale entry in hand. */
export const grossOfSale = sql<number>`coalesce(${ledgerEntries.grossCents}, ${ledgerEntries.amountCents})`;

export interface ItemSales {
  itemId: number;
  title: string;
  creatorId: string;
  /** Sales not refunded in full. */
  salesCount: number;
  /** What buyers paid (before the platform fee) less what went back, in the item's currency. */
  revenueCents: number;
  /** What went back to buyers of these sales (refunds, lost disputes). */
  refundedCents: number;
  currency: string;
}

/**
 * Admin sales (SPEC §2 /admin/sales: product, sales count, revenue), best sellers first. Counted
 * from the sale entries of the earnings ledger, so a refunded double payment is no sale, and net
 * of refunds: a sale refunded in full counts no more, a partial refund lowers the revenue. An
 * item whose every sale went back is left out.
 */
export async function salesByItem(db: Db, limit = 100): Promise<ItemSales[]> {
  const revenue = sql`sum(${grossOfSale} - ${refundedOfSale})`;
  const kept = sql<number>`count(*) filter (where ${refundedOfSale} < ${grossOfSale})::int`;
  return db
    .select({
      itemId: items.id,
      title: items.title,
      creatorId: items.creatorId,
      salesCount: kept,
      revenueCents: sql<number>`${revenue}`.mapWith(Number),
      refundedCents: sql<number>`sum(${refundedOfSale})`.mapWith(Number),
      currency: items.currency,
    })
    .from(ledgerEntries)
    .innerJoin(items, eq(items.id, ledgerEntries.itemId))
    .where(and(eq(ledgerEntries.account, 'earnings'), eq(ledgerEntries.kind, 'sale')))
    .groupBy(items.id)
    .having(sql`${kept} > 0`)
    .orderBy(desc(revenue), desc(items.id))
    .limit(limit);
}

/** One creator's sold items per currency, most sales first (the assistant's "best item"). */
export async function itemSalesOf(db: Db, creatorId: string, limit = 20) {
  const sales = sql<number>`count(*)::int`;
  return db
    .select({
      itemId: items.id,
      title: items.title,
      currency: ledgerEntries.currency,
      sales,
      netCents: sql<number>`sum(${ledgerEntries.amountCents})::int`,
    })
    .from(ledgerEntries)
    .innerJoin(items, eq(items.id, ledgerEntries.itemId))
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        eq(ledgerEntries.kind, 'sale'),
        eq(ledgerEntries.userId, creatorId),
      ),
    )
    .groupBy(items.id, ledgerEntries.currency)
    .orderBy(desc(sales), desc(items.id))
    .limit(limit);
}
