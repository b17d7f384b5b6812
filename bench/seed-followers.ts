import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';

/**
 * A creator with `followers` followers who chose new-post mails at once, and one draft item of
 * theirs to publish, for the new-post mail benchmark (bench/newsletter.ts): written with
 * set-based SQL (generate_series) straight into the tables, as seed-items.ts does the feed's, so
 * ten thousand followers take a second or two rather than ten thousand sign-ups. The rows are
 * what the follows and mail modules write for a follow and a choice of `instant`.
 */
export interface FollowersSeed {
  followers: number;
}

export interface SeededCreator {
  creatorId: string;
  itemId: number;
}

export async function seedCreatorWithFollowers(
  db: Database,
  seed: FollowersSeed,
): Promise<SeededCreator> {
  const [creator] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO users (username, email, role, display_name)
      VALUES ('bench_newsletter_creator', 'bench_newsletter_creator@bench.test', 'creator',
        'Bench Newsletter Creator')
      RETURNING id`),
  );
  const creatorId = creator!.id;
  await db.execute(sql`
    INSERT INTO users (username, email, role)
    SELECT 'bench_follower_' || n, 'bench_follower_' || n || '@bench.test', 'user'
    FROM generate_series(1, ${seed.followers}::int) AS n`);
  await db.execute(sql`
    INSERT INTO follows (follower_id, creator_id)
    SELECT id, ${creatorId}::uuid FROM users WHERE username LIKE 'bench_follower_%'`);
  // Followers get the weekly mail by default; these chose a mail per item.
  await db.execute(sql`
    INSERT INTO newsletter_preferences (user_id, creator_id, new_items, updated_at)
    SELECT id, ${creatorId}::uuid, 'instant', now() FROM users
    WHERE username LIKE 'bench_follower_%'`);
  const [item] = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      INSERT INTO items (creator_id, title, description, price_cents, currency, image_key,
        image_preview_key, status, tags, category, subcategory, tier_required)
      VALUES (${creatorId}::uuid, 'Bench new post', 'The item the new-post mails announce.', 0,
        'eur', 'bench/newsletter.jpg', 'bench/newsletter.preview.webp', 'unavailable',
        ARRAY['bench'], 'Music', 'Loops', 'Aura')
      RETURNING id`),
  );
  await db.execute(sql`VACUUM ANALYZE`);
  return { creatorId, itemId: Number(item!.id) };
}
