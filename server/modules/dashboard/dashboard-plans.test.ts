import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ownPostgresDatabase, preparedPlans, readDeps } from '../../test/own-postgres';
import { RECENT_CONTENT_SIZE } from './dashboard.read-model';
import { dashboardOf, type DashboardDeps } from './service';

/*
 * Issue 17: the dashboard's prepared statement is planned once per connection, not on every
 * request. On a database of its own with known contents: four creators with about 2,000 items each
 * and one with 8, none deleted (a site where nobody deleted anything yet: with the status bound,
 * that is where the plan for the given values always won, as it did for the creator with few
 * items while the creator was bound). On a PostgreSQL server only: on PGlite, statements are
 * prepared under names of server/db/pglite-query.ts's own, not drizzle's. dashboard.test.ts
 * shows deleted items stay off the dashboard.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(serverUrl)('the dashboard statement on a PostgreSQL server', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let deps: DashboardDeps;
  let creators: string[];

  beforeAll(async () => {
    ({ handle, drop } = await ownPostgresDatabase(serverUrl, 'dashboard_plans'));
    // Raw rows in bulk: the plans are of thousands of rows, which service calls would take
    // minutes to make.
    await handle.db.execute(sql`
      insert into users (username, email, role)
      select 'dash_creator' || n, 'dash_creator' || n || '@plans.test', 'creator'
      from generate_series(1, 5) n`);
    await handle.db.execute(sql`
      with c as (select array_agg(id order by username) ids from users)
      insert into items (creator_id, title, description, price_cents, image_key, category,
                         subcategory, status, likes_count, visitors_count, created_at)
      select c.ids[case when n % 1000 = 0 then 5 else 1 + n % 4 end], 'Dash ' || n, 'd', 0,
             'dash/' || n || '.jpg', 'Music', 'Loops', 'available', n % 3, n % 7,
             now() - make_interval(secs => n)
      from generate_series(1, 8000) n, c`);
    await handle.db.execute(sql`analyze`);
    creators = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select id from users order by username`),
    ).map((r) => r.id);
    deps = readDeps(handle);
  }, 60_000);

  afterAll(() => drop?.());

  /** The creator's newest items that are not deleted, as the dashboard must show them. */
  const newestKept = async (creator: string) =>
    rowsOf<{ id: string }>(
      await handle.db.execute(sql`select id from items
        where creator_id = ${creator} and status <> 'deleted'
        order by created_at desc limit ${RECENT_CONTENT_SIZE}`),
    ).map((r) => Number(r.id));

  it('is planned once per connection, also for a creator with far fewer items than most', async () => {
    const few = creators[4]!; // 8 items, where the others have about 2,000
    // PostgreSQL tries plans for the given values five times before it settles on one.
    for (let run = 0; run < 8; run++) {
      const dashboard = await dashboardOf(deps, few);
      expect(dashboard.recentContent.map((c) => c.id)).toEqual(await newestKept(few));
    }
    const [plan] = await preparedPlans(handle, 'dashboard');
    expect(plan?.genericPlans).toBeGreaterThan(0);
    // The kept plan answers every creator.
    for (const creator of creators) {
      const dashboard = await dashboardOf(deps, creator);
      expect(dashboard.recentContent.map((c) => c.id)).toEqual(await newestKept(creator));
    }
  });
});
