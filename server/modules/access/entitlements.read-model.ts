import {
  and,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { tierRank, type Tier } from '../../../common/rules/tiers';
import type { Db } from '../../db/client';
import { entitlements } from '../../db/schema/index';
import type { EntitlementRow } from './item-visibility';

/*
 * Read model of billing's entitlements: the rows item visibility (item-visibility.ts) decides on,
 * who holds a membership, which tier, how many bought an item. Profiles, messages and items ask
 * these beside item visibility, so they stand in access, below the features; billing alone
 * writes the table.
 */

/** A membership entitlement that gives access at `now`: what every membership check reads. */
const givesMembershipAccess = (now: Date) =>
  and(isNotNull(entitlements.tier), gt(entitlements.periodEnd, now));

/**
 * SQL condition for set-based queries (who may message whom): the fan in `fanId` holds a
 * membership of the creator in `creatorId` that gives access at `now`, as membershipTier reads it.
 */
export const holdsMembershipSql = (fanId: SQLWrapper, creatorId: SQLWrapper, now: Date): SQL =>
  sql`exists (select 1 from ${entitlements} where ${entitlements.userId} = ${fanId}
    and ${entitlements.creatorId} = ${creatorId} and ${givesMembershipAccess(now)})`;

/**
 * The highest tier the fan holds now ('Aura' when none): of one creator for the 'subscribed'
 * badge, of any creator (creatorId null) for the tier shown on a public profile.
 */
export async function membershipTier(
  db: Db,
  userId: string,
  creatorId: string | null,
  now: Date,
): Promise<Tier> {
  const rows = await db
    .select({ tier: entitlements.tier })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        creatorId === null ? undefined : eq(entitlements.creatorId, creatorId),
        givesMembershipAccess(now),
      ),
    );
  let best: Tier = 'Aura';
  for (const r of rows) if (r.tier && tierRank(r.tier) > tierRank(best)) best = r.tier;
  return best;
}

/** For profile pages: is the viewer a member of this creator now? */
export async function isSubscribed(
  db: Db,
  userId: string,
  creatorId: string,
  now: Date,
): Promise<boolean> {
  return (await membershipTier(db, userId, creatorId, now)) !== 'Aura';
}

/**
 * How many people hold each item by a purchase (card or balance; grants by a membership are not
 * per item): the owner's "My items" and the delete confirmation (buyers keep access, issue 10).
 */
export async function buyersByItem(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: entitlements.itemId, buyers: sql<number>`count(*)::int` })
    .from(entitlements)
    .where(inArray(entitlements.itemId, [...itemIds]))
    .groupBy(entitlements.itemId);
  return new Map(rows.flatMap((r) => (r.itemId === null ? [] : [[r.itemId, r.buyers] as const])));
}

/**
 * The viewer's active entitlement rows that may cover these items: a purchase of one of them,
 * or a membership of one of their creators (`viewableItemIds` decides on them).
 */
export async function activeEntitlementRows(
  db: Db,
  viewerId: string,
  itemIds: readonly number[],
  creatorIds: readonly string[],
  now: Date,
): Promise<EntitlementRow[]> {
  return db
    .select({
      itemId: entitlements.itemId,
      creatorId: entitlements.creatorId,
      tier: entitlements.tier,
    })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, viewerId),
        or(isNull(entitlements.periodEnd), gt(entitlements.periodEnd, now)),
        or(
          inArray(entitlements.itemId, [...itemIds]),
          and(isNotNull(entitlements.tier), inArray(entitlements.creatorId, [...creatorIds])),
        ),
      ),
    );
}

/**
 * A JSON array (or null) of the viewer's active entitlement rows that may cover the item in
 * `itemId` of the creator in `creatorId` (as `EntitlementRow`), for a column of a larger
 * select; `isViewableWith` decides on them. Reads the same rows as `viewableItemIds`.
 */
export const viewerEntitlementsSql = (
  viewerId: string | Placeholder,
  itemId: SQLWrapper,
  creatorId: SQLWrapper,
  now: Date | Placeholder,
): SQL<EntitlementRow[] | null> =>
  sql<EntitlementRow[] | null>`(select json_agg(json_build_object('itemId', ${entitlements.itemId},
      'creatorId', ${entitlements.creatorId}, 'tier', ${entitlements.tier}))
    from ${entitlements}
    where ${entitlements.userId} = ${viewerId}
      and (${entitlements.periodEnd} is null or ${entitlements.periodEnd} > ${now instanceof Date ? now.toISOString() : now}::timestamptz)
      and (${entitlements.itemId} = ${itemId}
        or (${entitlements.tier} is not null and ${entitlements.creatorId} = ${creatorId})))`;
