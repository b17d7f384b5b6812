import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { paymentRefunds } from './refund-tables';
import { ledgerEntries } from './tables';

/**
 * Creators whose refunds took their earnings below what was paid out to them (issue 43), per
 * currency, most owed first: `cents` (positive) is what later earnings in that currency must
 * cover before a payout run pays them anything in it. Only creators with a refund can owe, so
 * only their entries are summed.
 */
export async function carriedBalances(
  db: Db,
  limit = 100,
): Promise<{ creatorId: string; username: string; currency: Currency; cents: number }[]> {
  const refunded = db
    .selectDistinct({ creatorId: ledgerEntries.userId })
    .from(paymentRefunds)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, paymentRefunds.transactionId));
  const balance = sql`sum(${ledgerEntries.amountCents})`;
  return db
    .select({
      creatorId: ledgerEntries.userId,
      username: users.username,
      currency: ledgerEntries.currency,
      cents: sql<number>`(-${balance})::int`,
    })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(and(eq(ledgerEntries.account, 'earnings'), inArray(ledgerEntries.userId, refunded)))
    .groupBy(ledgerEntries.userId, users.username, ledgerEntries.currency)
    .having(sql`${balance} < 0`)
    .orderBy(sql`${balance}`, users.username, ledgerEntries.currency)
    .limit(limit);
}
