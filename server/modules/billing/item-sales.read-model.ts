import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema/index';
import { ledgerEntries } from './tables';

/*
 * Read model of the sales lists: the earnings ledger's sale entries joined with the items sold
 * (title, creator, currency), grouped per item in one statement.
 */

export interface ItemSales {
  itemId: number;
  title: string;
  creatorId: string;
  salesCount: number;
  /** What buyers paid (before the platform fee), in the item's currency. */
  revenueCents: number;
  currency: string;
}

/**
 * Admin sales (SPEC §2 /admin/sales: product, sales count, revenue), best sellers first. Counted
 * from the sale entries of the earnings ledger, so a refunded double payment is no sale.
 */
export async function salesByItem(db: Db, limit = 100): Promise<ItemSales[]> {
  const revenue = sql`sum(${ledgerEntries.grossCents})`;
  return db
    .select({
      itemId: items.id,
      title: items.title,
      creatorId: items.creatorId,
      salesCount: sql<number>`count(*)::int`,
      revenueCents: sql<number>`${revenue}`.mapWith(Number),
      currency: items.currency,
    })
    .from(ledgerEntries)
    .innerJoin(items, eq(items.id, ledgerEntries.itemId))
    .where(and(eq(ledgerEntries.account, 'earnings'), eq(ledgerEntries.kind, 'sale')))
    .groupBy(items.id)
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
