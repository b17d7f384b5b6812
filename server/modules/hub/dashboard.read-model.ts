import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { auraStatus } from '../../../common/rules/hub';
import {
  addMoney,
  moneyList,
  type Currency,
  type MoneyByCurrency,
} from '../../../common/rules/money';
import type { HubDashboardResponse } from '../../../common/schemas/hub';
import { authorize } from '../../auth/authorize';
import type { Actor } from '../../../common/rules/permissions';
import type { Clock } from '../../context';
import type { Db } from '../../db/client';
import { items, ledgerEntries, users } from '../../db/schema/index';
import { recurringRevenue } from './recurring-revenue.read-model';
import { zonedWeekOf, type ZonedWeek } from './calendar';
import {
  creatorStatusSql,
  isCreatorAccount,
  listedItemsOfActiveCreators,
} from './creator-scope.read-model';
import { personName, toAmounts } from './presenter';

export interface HubDeps {
  db: Db;
  clock: Clock;
  /** HUB_TIME_ZONE (docs/operations.md): where a day and a week begin. */
  timeZone: string;
}

/** How many auras the dashboard's table shows (best sellers first). */
export const AURA_TABLE_SIZE = 50;

/** Revenue: what buyers paid (gross, before the platform fee) for items, memberships and tips. */
const REVENUE_KINDS: ('sale' | 'membership' | 'tip')[] = ['sale', 'membership', 'tip'];

/**
 * Gross revenue per day of `week` and currency, from the earnings ledger. Each entry falls into
 * the day whose [start, end) holds its instant; currencies are never added together.
 */
export async function weeklyRevenue(db: Db, week: ZonedWeek): Promise<MoneyByCurrency[]> {
  const first = week.days[0]!;
  const last = week.days[6]!;
  const dayOf = sql<number>`case ${sql.join(
    week.days.map(
      (day, i) =>
        sql`when ${ledgerEntries.createdAt} < ${day.end.toISOString()}::timestamptz then ${sql.raw(String(i))}`,
    ),
    sql` `,
  )} end`;
  const rows = await db
    .select({
      day: dayOf,
      currency: ledgerEntries.currency,
      cents: sql<number>`coalesce(sum(${ledgerEntries.grossCents}), 0)::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        inArray(ledgerEntries.kind, REVENUE_KINDS),
        gte(ledgerEntries.createdAt, first.start),
        lt(ledgerEntries.createdAt, last.end),
      ),
    )
    // By position: the CASE holds parameters, and a repeated expression would not match.
    .groupBy(sql`1`, sql`2`);
  const days: MoneyByCurrency[] = week.days.map(() => ({}));
  for (const row of rows) {
    const index = Number(row.day);
    days[index] = addMoney(days[index]!, row.currency as Currency, Number(row.cents));
  }
  return days;
}

async function countListedAuras(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(listedItemsOfActiveCreators);
  return row?.n ?? 0;
}

async function countActiveCreators(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(isCreatorAccount, sql`${creatorStatusSql} = 'active'`));
  return row?.n ?? 0;
}

/** SPEC §3 admin aura rows: the best sellers (then the newest), with their net earnings. */
async function auraTable(db: Db): Promise<HubDashboardResponse['auras']> {
  const earned = sql<number>`(select coalesce(sum(${ledgerEntries.amountCents}), 0)::int
    from ${ledgerEntries}
    where ${ledgerEntries.itemId} = ${items.id} and ${ledgerEntries.account} = 'earnings'
      and ${ledgerEntries.kind} = 'sale')`;
  const rows = await db
    .select({
      id: items.id,
      title: items.title,
      itemStatus: items.status,
      hidden: items.hidden,
      currency: items.currency,
      sales: items.salesCount,
      earned,
      ownerId: users.id,
      username: users.username,
      displayName: users.displayName,
      givenName: users.givenName,
      familyName: users.familyName,
      ownerStatus: users.status,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    // A deleted item is kept for its buyers only; the hub lists what is on the platform.
    .where(and(sql`${users.status} <> 'deleted'`, sql`${items.status} <> 'deleted'`))
    .orderBy(desc(items.salesCount), desc(items.createdAt), desc(items.id))
    .limit(AURA_TABLE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    name: row.title,
    owner: personName(row),
    ownerId: row.ownerId,
    status: auraStatus({ status: row.itemStatus, hidden: row.hidden }, row.ownerStatus),
    earnings: { currency: row.currency, cents: Number(row.earned) },
    sales: row.sales,
  }));
}

/** GET /api/v1/hub/dashboard (SPEC §2 dashboard panel): every figure from the database. */
export async function hubDashboard(
  deps: HubDeps,
  actor: Actor | null,
): Promise<HubDashboardResponse> {
  authorize(actor, 'hub.read');
  const week = zonedWeekOf(deps.clock.now(), deps.timeZone);
  const totalAuras = await countListedAuras(deps.db);
  const activeCreators = await countActiveCreators(deps.db);
  const revenue = await weeklyRevenue(deps.db, week);
  const auras = await auraTable(deps.db);
  const recurring = await recurringRevenue(deps.db, deps.clock.now());
  const currencies = [...new Set(revenue.flatMap((day) => moneyList(day).map((m) => m.currency)))];
  return {
    kpis: {
      totalAuras,
      activeCreators,
      revenueToday: toAmounts(revenue[week.todayIndex]!),
      membershipMrr: recurring.monthlyCents,
      memberships: recurring.memberships,
    },
    week: {
      timeZone: deps.timeZone,
      currencies: currencies.sort(),
      days: week.days.map((day, i) => ({ date: day.date, revenue: toAmounts(revenue[i]!) })),
      todayIndex: week.todayIndex,
    },
    auras,
  };
}
