import { FEED_PAGE_DEFAULT, FEED_SHOWCASE_SIZE } from '../../../common/rules/feed';
import type { FeedPage, FeedQuery, SpotlightResponse } from '../../../common/schemas/feed';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import { timeIdCursor } from '../../http/cursor';
import {
  creatorImage,
  creatorName,
  presentFeedPost,
  toItemView,
  type Viewer,
} from '../items/index';
import type { MediaUrls } from '../media/index';
import {
  feedStatement,
  listedItemCounts,
  spotlightCreators,
  type FeedShape,
} from './feed.read-model';

export interface FeedDeps {
  db: Database;
  clock: Clock;
  urls: MediaUrls;
}

/** Creators shown in the spotlight slider (SPEC §2). */
export const SPOTLIGHT_SIZE = 6;
/** The spotlight ranks the creators of this many latest items, so its cost does not grow with the catalogue. */
const SPOTLIGHT_WINDOW = 500;

/**
 * GET /api/v1/feed: available items of active creators, newest first, by keyset over the
 * (created_at desc, id desc) index. No count, no OFFSET: page 50,000 of a million items reads
 * the same few index entries as page 1.
 */
export async function feedPage(
  deps: FeedDeps,
  viewer: Viewer,
  query: FeedQuery,
): Promise<FeedPage> {
  const after = timeIdCursor.decode(query.cursor);
  const size = SIZES_OF_THEIR_OWN.has(query.limit) ? query.limit : 'bound';
  const shape: FeedShape = `${viewer ? 'viewer' : 'anonymous'}_${after ? 'after' : 'first'}_${size}`;
  const now = deps.clock.now();
  const rows = await feedStatement(deps.db, shape).execute({
    viewer: viewer?.id,
    now: now.toISOString(),
    afterMicros: after?.[0],
    afterId: after?.[1],
    limit: query.limit + 1,
  });
  const { page, nextCursor } = timeIdCursor.page(rows, query.limit, (r) => [r.micros, r.item.id]);
  return {
    posts: page.map((row) => presentFeedPost(toItemView(viewer, row, now), deps.urls)),
    nextCursor,
  };
}

/**
 * The page sizes the web asks for (the discover feed's and the landing page's) have statements
 * with the size written in (`writtenLimit`), which PostgreSQL plans once per connection; other
 * sizes share one statement that binds it and is planned on every run. A statement per size
 * would let a client fill each connection with fifty plans.
 */
const SIZES_OF_THEIR_OWN = new Set([FEED_PAGE_DEFAULT, FEED_SHOWCASE_SIZE]);

/**
 * SPEC §2 spotlight: the creators behind the latest items, ranked by the likes those items
 * earned, then by how recently they published.
 */
export async function spotlight(deps: FeedDeps): Promise<SpotlightResponse> {
  const ranked = await spotlightCreators(deps.db, SPOTLIGHT_WINDOW, SPOTLIGHT_SIZE);
  if (ranked.length === 0) return { creators: [] };

  const counts = await listedItemCounts(
    deps.db,
    ranked.map((r) => r.creatorId),
  );
  const countOf = new Map(counts.map((c) => [c.creatorId, c.count]));
  return {
    creators: ranked.map((r) => ({
      id: r.creatorId,
      name: creatorName(r.creator),
      username: r.creator.username,
      avatarUrl: creatorImage(r.creator),
      itemCount: countOf.get(r.creatorId) ?? 0,
      likes: r.likes,
    })),
  };
}
