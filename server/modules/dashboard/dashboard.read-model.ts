import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newestFirst } from '../../db/keyset';
import { preparedPerShape, writtenLimit } from '../../db/prepared';
import { items } from '../../db/schema/index';
import { earningsByCurrencySql, subscriberCountSql } from '../billing/index';

/*
 * Read model of the dashboard: the creator's items (their counters and the newest ones) with
 * billing's figures, in one statement.
 */

/** SPEC §2 recent content cards. */
export const RECENT_CONTENT_SIZE = 6;

/**
 * SPEC §7 GET /api/v1/dashboard for the signed-in user: every figure is read from the database
 * (counters on their items, memberships and the earnings totals of billing), in one statement:
 * one row of figures (an aggregate always answers one row) joined with the newest items, so one
 * row per item, or one row with no item. Prepared once per database handle: a request only
 * binds the user and the moment.
 */
export const dashboardStatement = preparedPerShape((db: Database, _shape: 'creator') => {
  // The creator as a subquery's answer, which the planner does not know when it plans: every
  // plan is then made for a creator with the average number of items, and the one it keeps
  // after five runs serves all. With the value itself, a creator with far fewer items than the
  // average got a plan of its own on every request (0.35 ms of planning, more than the rest).
  const creator = sql`(select ${sql.placeholder('userId')}::uuid)`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const figures = db
    .select({
      views: sql<number>`coalesce(sum(${items.visitorsCount}), 0)::int`.as('views'),
      likes: sql<number>`coalesce(sum(${items.likesCount}), 0)::int`.as('likes'),
      subscribers: subscriberCountSql(creator, now).as('subscribers'),
      earnings: earningsByCurrencySql(creator, now).as('earnings'),
    })
    .from(items)
    .where(eq(items.creatorId, creator))
    .as('figures');
  // Deleted items are kept for their buyers; the owner finds them under "My items". The status
  // and the size are written into the text, not bound: a bound status is guessed from the
  // column's number of distinct values, and where no item was ever deleted that guess lost to
  // the plan for the given values on every request; a bound LIMIT is taken for a tenth of the
  // creator's items, which lost to it for a creator with many (issue 17).
  const recent = db
    .select()
    .from(items)
    .where(and(eq(items.creatorId, creator), sql`${items.status} <> 'deleted'`))
    .orderBy(...newestFirst(items.createdAt, items.id))
    .limit(writtenLimit(RECENT_CONTENT_SIZE))
    .as('recent');
  return db
    .select()
    .from(figures)
    .leftJoin(recent, sql`true`)
    .orderBy(...newestFirst(recent.createdAt, recent.id))
    .prepare('dashboard');
});
