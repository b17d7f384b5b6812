import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';

export interface DaySales {
  /** YYYY-MM-DD, UTC. */
  day: string;
  currency: Currency;
  sales: number;
  /** What buyers paid (before the platform fee). */
  revenueCents: number;
}

/**
 * Item sales per UTC day and currency in [from, to) (issue 14, the admin sales chart), from the
 * sale entries of the earnings ledger like `salesByItem`, so a refunded double payment is no
 * sale. Days without sales are left out; currencies are never added together.
 */
export async function salesPerDay(db: Db, from: Date, to: Date): Promise<DaySales[]> {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      currency: ledgerEntries.currency,
      sales: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${ledgerEntries.grossCents}), 0)`.mapWith(Number),
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
