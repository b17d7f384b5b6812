import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema/index';

export interface RecurringRevenue {
  /** Per currency: what the running memberships bring in a month, in integer cents. */
  monthlyCents: { currency: Currency; cents: number }[];
  /** How many running memberships are billed by the month and by the year. */
  memberships: { monthly: number; yearly: number };
}

/**
 * Monthly recurring revenue (issue 43, the Control Hub): the memberships that will renew (paid,
 * active, not cancelled, not in a free trial nor a begun pause), each at its price per month. A
 * yearly plan counts a twelfth of its yearly price, rounded half up per membership, like
 * `monthlyEquivalentCents` in common/rules/plans.ts.
 */
export async function recurringRevenue(db: Db, now: Date): Promise<RecurringRevenue> {
  const moment = sql`${now.toISOString()}::timestamptz`;
  const monthly = sql<number>`coalesce(sum(case when ${subscriptions.interval} = 'year'
      then round(${subscriptions.priceCents} / 12.0) else ${subscriptions.priceCents} end), 0)::int`;
  const rows = await db
    .select({
      currency: subscriptions.currency,
      cents: monthly,
      monthlyCount: sql<number>`count(*) filter (where ${subscriptions.interval} = 'month')::int`,
      yearlyCount: sql<number>`count(*) filter (where ${subscriptions.interval} = 'year')::int`,
    })
    .from(subscriptions)
    .where(
      and(
        ne(subscriptions.provider, 'comp'),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.currentPeriodEnd, moment),
        or(isNull(subscriptions.trialEndsAt), lte(subscriptions.trialEndsAt, moment)),
        // A pause begins at the period end, which is still ahead here: it is counted until then.
      ),
    )
    .groupBy(subscriptions.currency)
    .orderBy(subscriptions.currency);
  return {
    monthlyCents: rows
      .filter((row) => Number(row.cents) > 0)
      .map((row) => ({ currency: row.currency, cents: Number(row.cents) })),
    memberships: {
      monthly: rows.reduce((n, row) => n + Number(row.monthlyCount), 0),
      yearly: rows.reduce((n, row) => n + Number(row.yearlyCount), 0),
    },
  };
}
