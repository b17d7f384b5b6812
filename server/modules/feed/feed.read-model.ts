import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { microsOf, newestFirst, olderThanPlaceholders } from '../../db/keyset';
import { preparedPerShape, writtenLimit } from '../../db/prepared';
import { items, users } from '../../db/schema/index';
import { creatorColumns, itemViewColumns, listedItem } from '../items/index';

/*
 * Read model of the feed and the spotlight: items joined with their creators (users), listed as
 * the storefront lists them, one statement per page.
 */

/**
 * What the feed and the spotlight list: available items not hidden by a moderator, of active
 * creators (items/policy.ts `isListed`, as SQL). Unavailable items stay on their creator's
 * dashboard; a suspended creator's items and hidden items leave the storefront. Values written
 * into the text, as in `listedItem`.
 */
export const listedInFeed = () => and(listedItem(), sql`${users.status} = 'active'`);

/** The item half of `listedInFeed`, for queries that join the creator later. */
export const listableItem = listedItem;

export type FeedShape = `${'viewer' | 'anonymous'}_${'after' | 'first'}_${number | 'bound'}`;

/**
 * The feed page as one statement (issue 17): the page's items, their creators and the viewer's
 * likes, entitlements and latest comments (pinned by feed-statements.test.ts). Prepared once per
 * shape (signed in or not, first page or later, page size), so a request only binds its values.
 */
export const feedStatement = preparedPerShape((db: Database, shape: FeedShape) => {
  const [who, where, size] = shape.split('_');
  const viewer = who === 'viewer' ? { id: sql.placeholder('viewer') } : null;
  return (
    db
      .select({
        ...itemViewColumns(viewer, sql.placeholder('now')),
        micros: microsOf(items.createdAt),
      })
      .from(items)
      .innerJoin(users, eq(users.id, items.creatorId))
      .where(
        and(
          listedInFeed(),
          where === 'after' ? olderThanPlaceholders(items.createdAt, items.id) : undefined,
        ),
      )
      .orderBy(...newestFirst(items.createdAt, items.id))
      // One more row than the page, to tell whether another page follows.
      .limit(size === 'bound' ? sql.placeholder('limit') : writtenLimit(Number(size) + 1))
      .prepare(`feed_page_${shape}`)
  );
});

/**
 * The spotlight's creators: those behind the latest `window` listed items, active, ranked by the
 * likes those items earned, then by how recently they published; `size` of them.
 */
export async function spotlightCreators(db: Database, window: number, size: number) {
  const recent = db
    .select({
      creatorId: items.creatorId,
      likes: items.likesCount,
      createdAt: items.createdAt,
    })
    .from(items)
    .where(listableItem())
    .orderBy(...newestFirst(items.createdAt, items.id))
    .limit(window)
    .as('recent');
  const likes = sql<number>`sum(${recent.likes})::int`;
  const lastPublished = sql`max(${recent.createdAt})`;
  return db
    .select({ creatorId: recent.creatorId, likes, creator: creatorColumns })
    .from(recent)
    .innerJoin(users, eq(users.id, recent.creatorId))
    .where(eq(users.status, 'active'))
    .groupBy(
      recent.creatorId,
      users.username,
      users.displayName,
      users.profileImage,
      users.avatarUrl,
      users.status,
    )
    .orderBy(desc(likes), desc(lastPublished))
    .limit(size);
}

/** How many listed items each of these creators has. */
export async function listedItemCounts(db: Database, creatorIds: readonly string[]) {
  return db
    .select({ creatorId: items.creatorId, count: sql<number>`count(*)::int` })
    .from(items)
    .where(and(listableItem(), inArray(items.creatorId, [...creatorIds])))
    .groupBy(items.creatorId);
}
