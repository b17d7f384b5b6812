import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockTierSql, qualified } from '../access/index';
import { listedItem } from './listing';
import { items } from './tables';

/** The SPEC §3 post counters of a creator profile, and whether they ever published. */
export interface PostCounters {
  freePostsCount: number;
  paidPostsCount: number;
  premiumContentCount: number;
  hasPublished: boolean;
}

/**
 * Counted over the creator's listed items (available, not hidden: what their profile lists;
 * docs/deviations.md): free = price 0 and tier Aura; paid = a price above 0; premium = tier Hypr
 * or HyprSoul. An item both priced and tier-bound counts as paid and as premium. An early-access
 * item counts by the tier that locks it at `now` (issue 42): premium until its time, then free
 * or paid. One query over the creator index.
 */
export async function postCounters(db: Db, creatorId: string, now: Date): Promise<PostCounters> {
  const available = listedItem();
  const tier = lockTierSql(
    {
      tierRequired: qualified(items.tierRequired),
      earlyAccessUntil: qualified(items.earlyAccessUntil),
    },
    sql`${now.toISOString()}::timestamptz`,
  );
  const [row] = await db
    .select({
      free: sql<number>`count(*) filter (where ${available} and ${items.priceCents} = 0 and ${tier} = 'Aura')::int`,
      paid: sql<number>`count(*) filter (where ${available} and ${items.priceCents} > 0)::int`,
      premium: sql<number>`count(*) filter (where ${available} and ${tier} in ('Hypr', 'HyprSoul'))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(items)
    .where(eq(items.creatorId, creatorId));
  return {
    freePostsCount: row?.free ?? 0,
    paidPostsCount: row?.paid ?? 0,
    premiumContentCount: row?.premium ?? 0,
    hasPublished: (row?.all ?? 0) > 0,
  };
}
