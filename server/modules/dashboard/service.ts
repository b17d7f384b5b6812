import { and, eq, ne, sql } from 'drizzle-orm';
import type { DashboardResponse } from '../../../common/schemas/dashboard';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import { items } from '../../db/schema/index';
import { newestFirst } from '../../db/keyset';
import { earningsByCurrency, subscriberCount } from '../billing/index';
import type { MediaUrls } from '../media/index';
import { presentDashboard } from './presenter';

export interface DashboardDeps {
  db: Database;
  clock: Clock;
  urls: MediaUrls;
}

/** SPEC §2 recent content cards. */
export const RECENT_CONTENT_SIZE = 6;

/**
 * SPEC §7 GET /api/v1/dashboard for the signed-in user: every figure is read from the database
 * (counters on their items, memberships and the earnings ledger of billing).
 */
export async function dashboardOf(deps: DashboardDeps, userId: string): Promise<DashboardResponse> {
  const now = deps.clock.now();
  const [totals, recent, subscribers, earnings] = await Promise.all([
    deps.db
      .select({
        views: sql<number>`coalesce(sum(${items.visitorsCount}), 0)::int`,
        likes: sql<number>`coalesce(sum(${items.likesCount}), 0)::int`,
      })
      .from(items)
      .where(eq(items.creatorId, userId)),
    // Deleted items are kept for their buyers; the owner finds them under "My items".
    deps.db
      .select()
      .from(items)
      .where(and(eq(items.creatorId, userId), ne(items.status, 'deleted')))
      .orderBy(...newestFirst(items.createdAt, items.id))
      .limit(RECENT_CONTENT_SIZE),
    subscriberCount(deps.db, userId, now),
    earningsByCurrency(deps.db, userId, now),
  ]);
  return presentDashboard(
    {
      views: totals[0]?.views ?? 0,
      likes: totals[0]?.likes ?? 0,
      subscribers,
      earnings,
      recent,
    },
    deps.urls,
  );
}
