import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/**
 * Bulk feed data for benchmarks, written with set-based SQL (generate_series) straight into the
 * tables: a million items through the API would take hours, this takes a minute or two on PGlite.
 * The shape follows the demo data: a few creators, a mix of free and paid items across tiers,
 * likes on every 10th item and a comment on every 50th, so the feed's per-post look-ups (likes,
 * latest comments, entitlements) find real rows. Likes and comments are spread over the fans in
 * turn (a fan per hundred items by default), as on a live site: the planner's estimates follow
 * how many rows each user has.
 */
export interface FeedSeed {
  items: number;
  creators?: number;
  fans?: number;
}

/** Rows per INSERT: keeps each statement's memory bounded inside PGlite's WebAssembly heap. */
const BATCH = 100_000;

export async function seedFeedItems(db: Database, seed: FeedSeed): Promise<void> {
  const creators = seed.creators ?? 12;
  const fans = seed.fans ?? Math.max(10, Math.floor(seed.items / 100));

  await db.execute(sql`
    INSERT INTO users (username, email, role, display_name)
    SELECT 'bench_creator_' || n, 'bench_creator_' || n || '@bench.test', 'creator',
           'Bench Creator ' || n
    FROM generate_series(1, ${creators}::int) AS n`);
  await db.execute(sql`
    INSERT INTO users (username, email, role)
    SELECT 'bench_fan_' || n, 'bench_fan_' || n || '@bench.test', 'user'
    FROM generate_series(1, ${fans}::int) AS n`);

  // Creators and fans are numbered by their username so each generated row finds its owner
  // with one array lookup instead of a join per row.
  for (let from = 1; from <= seed.items; from += BATCH) {
    const to = Math.min(seed.items, from + BATCH - 1);
    await db.execute(sql`
      WITH c AS (
        SELECT array_agg(id ORDER BY username) AS ids FROM users
        WHERE username LIKE 'bench_creator_%'
      )
      INSERT INTO items (creator_id, title, description, price_cents, currency, image_key,
                         image_preview_key, status, tags, category, subcategory,
                         explicit_content, tier_required, likes_count, comments_count,
                         visitors_count, created_at)
      SELECT c.ids[1 + n % ${creators}::int],
             'Bench item ' || n,
             'Generated item number ' || n || ' for the feed benchmark.',
             (ARRAY[0, 500, 999, 1500, 750])[1 + n % 5],
             'eur',
             'bench/' || n || '.jpg',
             'bench/' || n || '.preview.webp',
             'available',
             ARRAY['bench', 'tag' || n % 7],
             'Music',
             'Loops',
             false,
             (ARRAY['Aura', 'Aura', 'Hypr', 'HyprSoul'])[1 + n % 4],
             CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
             CASE WHEN n % 50 = 0 THEN 1 ELSE 0 END,
             n % 13,
             now() - make_interval(secs => ${seed.items}::int - n)
      FROM generate_series(${from}::int, ${to}::int) AS n, c`);
  }

  const itemRange = sql`(SELECT min(id) AS lo FROM items)`;
  await db.execute(sql`
    WITH f AS (
      SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'bench_fan_%'
    ), r AS ${itemRange}
    INSERT INTO item_likes (item_id, user_id)
    SELECT i.id, f.ids[1 + ((i.id - r.lo) / 10) % ${fans}::int]
    FROM items i, f, r
    WHERE i.likes_count = 1`);
  await db.execute(sql`
    WITH f AS (
      SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'bench_fan_%'
    ), r AS ${itemRange}
    INSERT INTO item_comments (item_id, author_id, text, created_at)
    SELECT i.id, f.ids[1 + ((i.id - r.lo) / 50) % ${fans}::int], 'Love this one!', i.created_at
    FROM items i, f, r
    WHERE i.comments_count = 1`);
  // Vacuumed and analyzed, as autovacuum would have left a live server's tables by now. Not
  // vacuumed (PGlite has no autovacuum, the test machines' PostgreSQL runs with it off), fresh rows
  // have no visibility map and their hint bits are set by the measured reads; with autovacuum
  // on, its insert-driven vacuum would run in the middle of the measurements instead.
  await db.execute(sql`VACUUM ANALYZE`);
}
