import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { TIERS, tierCovers, type Tier } from '../../../common/rules/tiers';
import type { ItemStatMetric } from '../../../common/schemas/item-stats';
import type { Db } from '../../db/client';
import { itemVisits, ledgerEntries, subscriptions } from '../../db/schema/index';

/** Counts of one metric per UTC day (YYYY-MM-DD) in a window; days without any are left out. */
export type DayCounts = Map<string, number>;

export interface StatsWindow {
  itemId: number;
  creatorId: string;
  tierRequired: Tier;
  /** The first UTC day's midnight and the midnight after the last. */
  from: Date;
  to: Date;
}

const utcDay = (column: Parameters<typeof sql>[1]) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

const toCounts = (rows: { day: string; count: number }[]): DayCounts =>
  new Map(rows.map((r) => [r.day, r.count]));

/**
 * Views: the item's counted visits per day (items counts one per viewer and day, so a person
 * who comes back the next day is a view again).
 */
async function views(db: Db, w: StatsWindow): Promise<DayCounts> {
  const day = sql<string>`to_char(${itemVisits.day}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(itemVisits)
    .where(
      and(
        eq(itemVisits.itemId, w.itemId),
        gte(itemVisits.day, w.from.toISOString().slice(0, 10)),
        lt(itemVisits.day, w.to.toISOString().slice(0, 10)),
      ),
    )
    .groupBy(day);
  return toCounts(rows);
}

/** Unique visitors: each viewer once, on the day of their first visit in the window. */
async function visitors(db: Db, w: StatsWindow): Promise<DayCounts> {
  const first = db
    .select({ first: sql<string>`min(${itemVisits.day})`.as('first') })
    .from(itemVisits)
    .where(
      and(
        eq(itemVisits.itemId, w.itemId),
        gte(itemVisits.day, w.from.toISOString().slice(0, 10)),
        lt(itemVisits.day, w.to.toISOString().slice(0, 10)),
      ),
    )
    .groupBy(itemVisits.viewerKey)
    .as('first_visits');
  const day = sql<string>`to_char(${first.first}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(first)
    .groupBy(day);
  return toCounts(rows);
}

/** Sales: the earnings ledger's sale entries of the item (a refunded double payment is none). */
async function sales(db: Db, w: StatsWindow): Promise<DayCounts> {
  const day = utcDay(ledgerEntries.createdAt);
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.itemId, w.itemId),
        eq(ledgerEntries.account, 'earnings'),
        eq(ledgerEntries.kind, 'sale'),
        gte(ledgerEntries.createdAt, w.from),
        lt(ledgerEntries.createdAt, w.to),
      ),
    )
    .groupBy(day);
  return toCounts(rows);
}

/**
 * Members gained: memberships of the creator started that day in a tier that opens the item
 * (any paid tier for an item without one). A membership names no item, so these are the
 * creator's new members while the item was new, not members the item alone brought.
 */
async function members(db: Db, w: StatsWindow): Promise<DayCounts> {
  const opening = TIERS.filter((tier) => tier !== 'Aura' && tierCovers(tier, w.tierRequired));
  const day = utcDay(subscriptions.createdAt);
  const rows = await db
    .select({ day, count: sql<number>`count(distinct ${subscriptions.userId})::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.creatorId, w.creatorId),
        inArray(subscriptions.tier, opening as Exclude<Tier, 'Aura'>[]),
        gte(subscriptions.createdAt, w.from),
        lt(subscriptions.createdAt, w.to),
      ),
    )
    .groupBy(day);
  return toCounts(rows);
}

/** Each metric's reader; a new metric adds its reader here. */
export const ITEM_STAT_READERS: Record<
  ItemStatMetric,
  (db: Db, window: StatsWindow) => Promise<DayCounts>
> = { views, visitors, sales, members };
