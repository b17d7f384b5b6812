import { and, desc, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CurrencyEarnings } from '../../../common/schemas/billing';
import type { Db } from '../../db/client';
import { personSummaries } from '../users/index';
import { entitlements } from './entitlement-tables';
import { earningsMonths, ledgerEntries, subscriptions } from './tables';
import type { CreatorSummary } from './presenter';

/** Ledger kinds that credit a creator (payouts debit the same account). */
const EARNING_KINDS: ('sale' | 'membership' | 'tip')[] = ['sale', 'membership', 'tip'];

/**
 * Figures other modules read (dashboard, admin, profiles). They all come from the entitlements
 * and the ledger, so what a page shows is what was actually paid and granted. The `...Sql`
 * fragments take the creator and the moment as values (parameters, or placeholders of a
 * prepared statement), not as outer columns: drizzle writes columns without their table in a
 * one-table select, so an outer column there would be read as the inner table's.
 */

/**
 * Dashboard "subscribers": fans whose membership of this creator gives access now. A scalar
 * subquery, so the dashboard reads it in its own statement; `subscriberCount` runs it alone.
 */
export const subscriberCountSql = (creatorId: SQLWrapper, now: SQLWrapper): SQL<number> =>
  sql<number>`(select count(distinct ${entitlements.userId})::int from ${entitlements}
    where ${entitlements.creatorId} = ${creatorId} and ${entitlements.source} = 'subscription'
      and ${entitlements.tier} is not null and ${entitlements.periodEnd} > ${now})`;

/** The one row a select of scalar subqueries alone reads from. */
const oneRow = sql`(select 1) as one`;

/** A moment as a timestamptz value of a statement (the fragments below take SQL). */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

export async function subscriberCount(db: Db, creatorId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: subscriberCountSql(sql`${creatorId}::uuid`, at(now)) })
    .from(oneRow);
  return row?.count ?? 0;
}

/**
 * A creator's net earnings (what the earnings ledger credited), per currency in currency order:
 * EUR item sales and USD memberships are never added together, and currencies with no entries
 * are left out. Read from the monthly running totals `creditEarnings` keeps, up to the month of
 * `now`, as a scalar subquery (a JSON array) the dashboard reads in its own statement.
 */
export function earningsByCurrencySql(
  creatorId: SQLWrapper,
  now: SQLWrapper,
): SQL<CurrencyEarnings[]> {
  // The first instant of the UTC month, as startOfUtcMonth gives it and creditEarnings books.
  const monthStart = sql`date_trunc('month', ${now}, 'UTC')`;
  return sql<CurrencyEarnings[]>`(select coalesce(json_agg(json_build_object(
      'currency', e.currency, 'currentMonthCents', e.month, 'totalCents', e.total)
      order by e.currency), '[]'::json)
    from (select ${earningsMonths.currency} as currency,
            sum(${earningsMonths.netCents}) as total,
            coalesce(sum(${earningsMonths.netCents})
              filter (where ${earningsMonths.month} = ${monthStart}), 0) as month
          from ${earningsMonths}
          where ${earningsMonths.userId} = ${creatorId} and ${earningsMonths.month} <= ${monthStart}
          group by ${earningsMonths.currency}) e)`;
}

export async function earningsByCurrency(
  db: Db,
  creatorId: string,
  now: Date,
): Promise<CurrencyEarnings[]> {
  const [row] = await db
    .select({ earnings: earningsByCurrencySql(sql`${creatorId}::uuid`, at(now)) })
    .from(oneRow);
  return row?.earnings ?? [];
}

/** Creator name and picture as payment screens show them. */
export async function creatorSummaries(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, CreatorSummary>> {
  const rows = await personSummaries(db, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        username: r.username,
        displayName: r.displayName,
        image: r.profileImage ?? r.avatarUrl,
        status: r.status,
      },
    ]),
  );
}

/** Live subscriptions of a fan (not ended), newest first; used to refuse a second one. */
export async function liveSubscriptionsOf(db: Db, userId: string, creatorId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.creatorId, creatorId),
        sql`${subscriptions.status} in ('active', 'past_due', 'incomplete')`,
      ),
    )
    .orderBy(desc(subscriptions.createdAt));
}

export interface EarningsSince {
  currency: string;
  /** Credited to the creator, after the platform fee. */
  netCents: number;
  /** Sale entries (items sold); membership payments are not sales. */
  sales: number;
}

/**
 * A creator's earnings per currency since `from` (all time when null), for the AI assistant:
 * amounts in different currencies (items in EUR, memberships in USD) are never added together.
 */
export async function earningsSince(
  db: Db,
  creatorId: string,
  from: Date | null,
  now: Date,
): Promise<EarningsSince[]> {
  return db
    .select({
      currency: ledgerEntries.currency,
      netCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int`,
      sales: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'sale'))::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        eq(ledgerEntries.userId, creatorId),
        inArray(ledgerEntries.kind, EARNING_KINDS),
        from ? gte(ledgerEntries.createdAt, from) : undefined,
        lte(ledgerEntries.createdAt, now),
      ),
    )
    .groupBy(ledgerEntries.currency)
    .orderBy(ledgerEntries.currency);
}
