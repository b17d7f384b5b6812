import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PAGE_DEFAULT, FEED_SHOWCASE_SIZE } from '../../../common/rules/feed';
import type { FeedPage } from '../../../common/schemas/feed';
import type { DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ownPostgresDatabase, preparedPlans, readDeps } from '../../test/own-postgres';
import { feedPage, type FeedDeps } from './service';

/*
 * Issue 17: a prepared feed statement is planned once per connection, not on every page. The
 * planner's choice follows the data's statistics, so this runs on a database of its own with
 * known contents (a few hundred items, likes and comments spread over many fans, as on a live
 * site), and on a PostgreSQL server only: on PGlite, statements are prepared under names of
 * server/db/pglite-query.ts's own, not drizzle's.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(serverUrl)('the feed statement on a PostgreSQL server', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let deps: FeedDeps;
  let viewer: { id: string; role: 'user' };

  beforeAll(async () => {
    ({ handle, drop } = await ownPostgresDatabase(serverUrl, 'feed_plans'));
    // Raw rows in bulk: the plans are of thousands of rows, which service calls would take
    // minutes to make.
    await handle.db.execute(sql`
      insert into users (username, email, role)
      select 'plan_' || kind || n, 'plan_' || kind || n || '@plans.test',
             case kind when 'creator' then 'creator' else 'user' end
      from (values ('creator', 8), ('fan', 200)) as k(kind, total), generate_series(1, total) n`);
    await handle.db.execute(sql`
      with c as (select array_agg(id order by username) ids from users where role = 'creator')
      insert into items (creator_id, title, description, price_cents, image_key, category,
                         subcategory, tier_required, status, hidden, created_at)
      select c.ids[1 + n % 8], 'Planned ' || n, 'd', (array[0, 500, 0])[1 + n % 3],
             'plans/' || n || '.jpg', 'Music', 'Loops',
             (array['Aura', 'Aura', 'Hypr'])[1 + n % 3],
             (array['available', 'available', 'available', 'unavailable', 'deleted'])[1 + n % 5],
             n % 9 = 0, now() - make_interval(secs => n)
      from generate_series(1, 600) n, c`);
    // Some creators suspended or gone, as on a live site.
    await handle.db.execute(sql`update users set status = case username
        when 'plan_creator1' then 'suspended' else 'deleted' end
      where username in ('plan_creator1', 'plan_creator2')`);
    await handle.db.execute(sql`
      with f as (select array_agg(id order by username) ids from users where role = 'user'),
           i as (select id, row_number() over (order by id) n from items)
      insert into item_likes (item_id, user_id)
      select i.id, f.ids[1 + (i.n * 7 + k) % 200] from i, f, generate_series(0, 2) k`);
    await handle.db.execute(sql`
      with f as (select array_agg(id order by username) ids from users where role = 'user'),
           i as (select id, row_number() over (order by id) n from items)
      insert into item_comments (item_id, author_id, text)
      select i.id, f.ids[1 + i.n % 200], 'nice' from i, f where i.n % 4 = 0`);
    await handle.db.execute(sql`analyze`);
    // A fan who liked the newest listed item, so the first page carries likes of the viewer.
    const [fan] = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select user_id as id from item_likes where item_id = (
          select i.id from items i join users u on u.id = i.creator_id
          where i.status = 'available' and not i.hidden and u.status = 'active'
          order by i.created_at desc limit 1)
        limit 1`),
    );
    viewer = { id: fan!.id, role: 'user' };
    deps = readDeps(handle);
  }, 60_000);

  afterAll(() => drop?.());

  it('is planned once per connection for the page sizes the web asks, signed in or out, first page or later', async () => {
    const sizes = [FEED_PAGE_DEFAULT, FEED_SHOWCASE_SIZE];
    for (const size of sizes) {
      for (const who of [viewer, null]) {
        const first = await feedPage(deps, who, { limit: size });
        expect(first.posts).toHaveLength(size);
        // PostgreSQL tries plans for the given values five times before it settles on one.
        for (let run = 0; run < 8; run++) {
          expect(await feedPage(deps, who, { limit: size })).toEqual(first);
          const later = await feedPage(deps, who, { limit: size, cursor: first.nextCursor! });
          expect(later.posts).toHaveLength(size);
          expect(later.posts[0]!.id).not.toBe(first.posts[0]!.id);
        }
      }
    }
    const plans = await preparedPlans(handle, 'feed\\_page\\_%');
    const names = sizes.flatMap((size) =>
      ['viewer', 'anonymous'].flatMap((who) =>
        ['first', 'after'].map((where) => `feed_page_${who}_${where}_${size}`),
      ),
    );
    expect(plans.map((p) => p.name).sort()).toEqual([...names].sort());
    for (const plan of plans) expect(plan.genericPlans, plan.name).toBeGreaterThan(0);
  });

  it('keeps a plan that looks up the viewer’s likes post by post, however many they have', async () => {
    // The plan PostgreSQL keeps (the generic one, shown with $n for the values) serves every
    // viewer: reading all of the viewer's likes once per page would read 100,000 for some.
    const name = `feed_page_viewer_first_${FEED_PAGE_DEFAULT}`;
    const [statement] = rowsOf<{ types: string[] }>(
      await handle.db.execute(
        sql`select parameter_types::text[] as types from pg_prepared_statements
            where name = ${name}`,
      ),
    );
    const values = statement!.types.map((type) =>
      type === 'uuid' ? `'${viewer.id}'` : `'${new Date().toISOString()}'::${type}`,
    );
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await handle.db.execute(sql.raw(`explain execute ${name}(${values.join(', ')})`)),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(
      /on item_likes .*\n\s+Index Cond: \(\(item_id = items\.id\) AND \(user_id = \$\d+\)\)/,
    );
    expect(plan).not.toMatch(/hashed SubPlan/i);
  });

  it('answers the same pages whether the size is written into the statement or bound', async () => {
    const written: FeedPage = await feedPage(deps, viewer, { limit: FEED_PAGE_DEFAULT });
    const bound = await feedPage(deps, viewer, { limit: FEED_PAGE_DEFAULT + 1 });
    expect(bound.posts.slice(0, FEED_PAGE_DEFAULT)).toEqual(written.posts);
    const next = await feedPage(deps, viewer, {
      limit: FEED_PAGE_DEFAULT,
      cursor: written.nextCursor!,
    });
    expect(next.posts[0]).toEqual(bound.posts[FEED_PAGE_DEFAULT]);
    expect(written.posts.some((p) => p.likedByMe)).toBe(true);
    expect(written.posts.some((p) => p.comments.length > 0)).toBe(true);
  });
});
