import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from './tables';

/**
 * The item half of "listed" (`isListed` in common/rules/purchase.ts) as SQL: available and not
 * hidden by a moderator. Feed, spotlight and profiles add their creator's status to it.
 * The values are written into the text, not bound: a prepared statement's generic plan then
 * knows how many rows they keep, as a plan for given values does (issue 17; a bound value is
 * guessed from the column's number of distinct values, and the feed was planned anew per page).
 */
export const listedItem = (): SQL =>
  sql`(${items.status} = 'available' and ${items.hidden} = false)`;

/**
 * A creator's listed items, newest first, `limit` of them: the columns a content tile and the
 * visibility rule need (a public profile's tiles).
 */
export async function listedItemsOf(db: Db, creatorId: string, limit: number) {
  return db
    .select({
      id: items.id,
      title: items.title,
      creatorId: items.creatorId,
      imageKey: items.imageKey,
      imagePreviewKey: items.imagePreviewKey,
      audioKey: items.audioKey,
      videoKey: items.videoKey,
      priceCents: items.priceCents,
      currency: items.currency,
      tierRequired: items.tierRequired,
      earlyAccessUntil: items.earlyAccessUntil,
      status: items.status,
      hidden: items.hidden,
    })
    .from(items)
    .where(and(eq(items.creatorId, creatorId), listedItem()))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(limit);
}
