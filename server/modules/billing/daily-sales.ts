import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';
import { grossOfSale, refundedOfSale } from './item-sales.read-model';

export interface DaySales {
  /** YYYY-MM-DD, UTC. */
  day: string;
  currency: Currency;
  /** Sales made that day and not refunded in full (so far). */
  sales: number;
  /** What buyers paid that day (before the platform fee) less what went back of it since. */
  revenueCents: number;
  /** What went back (refunds, lost disputes) of that day's sales, whenever it went back. */
  refundedCents: number;
}

/**
 * Item sales per UTC day and currency in [from, to) (issue 14, the admin sales chart), from the
 * sale entries of the earnings ledger like `salesByItem`, so a refunded double payment is no
 * sale. Net of refunds, each counted against the day of the sale it gives back: a day's figures
 * are what its sales kept. Days without sales are left out; currencies are never added together.
 */
export async function salesPerDay(db: Db, from: Date, to: Date): Promise<DaySales[]> {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      currency: ledgerEntries.currency,
      sales: sql<number>`(count(*) filter (where ${refundedOfSale} < ${grossOfSale}))::int`,
      revenueCents: sql<number>`coalesce(sum(${grossOfSale} - ${refundedOfSale}), 0)`.mapWith(
        Number,
      ),
      refundedCents: sql<number>`coalesce(sum(${refundedOfSale}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        eq(ledgerEntries.kind, 'sale'),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(day, ledgerEntries.currency)
    .orderBy(day, ledgerEntries.currency);
}
