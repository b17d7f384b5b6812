import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createTestApp, type TestApp } from './app';

// With TEST_DATABASE_URL, each worker runs on a database of its own, made afresh for this run
// by global-setup.ts; a run on the last run's data would fail other tests only by chance.
describe.runIf(process.env.TEST_DATABASE_URL)('the API test worker databases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("run on this worker's database, created and migrated for this run", async () => {
    const [row] = rowsOf<{ name: string; label: string | null }>(
      await t.db.execute(sql`select current_database() as name,
        shobj_description(oid, 'pg_database') as label
        from pg_database where datname = current_database()`),
    );
    expect(row?.name).toMatch(new RegExp(`_w${process.env.VITEST_POOL_ID}$`));
    expect(row?.label).toBe(inject('apiTestRun'));
  });
});

// A test app with a database of its own gets, on the server too, a copy of the run's migrated
// template that only it sees, and it is gone when the app closes.
describe.runIf(process.env.TEST_DATABASE_URL)('a test app with a database of its own', () => {
  it('runs on a copy of the template on the server, dropped when it closes', async () => {
    const own = await createTestApp({ ownDatabase: true });
    const shared = await createTestApp();
    let closed = false;
    const databaseOf = async (t: TestApp) =>
      rowsOf<{ name: string; migrations: string }>(
        await t.db.execute(sql`select current_database() as name,
          (select count(*) from drizzle.__drizzle_migrations)::text as migrations`),
      )[0]!;
    try {
      const ownDatabase = await databaseOf(own);
      expect(ownDatabase.name).toMatch(/_own_/);
      expect(ownDatabase.migrations).toBe((await databaseOf(shared)).migrations);
      await own.db.execute(sql`create table only_in_own (id int)`);
      const [row] = rowsOf<{ found: string | null }>(
        await shared.db.execute(sql`select to_regclass('only_in_own')::text as found`),
      );
      expect(row?.found).toBeNull();
      await own.close();
      closed = true;
      const [left] = rowsOf<{ n: string }>(
        await shared.db.execute(
          sql`select count(*)::text as n from pg_database where datname = ${ownDatabase.name}`,
        ),
      );
      expect(left?.n).toBe('0');
    } finally {
      if (!closed) await own.close();
      await shared.close();
    }
  });
});

// Without it, each test app's PGlite loads a copy of the migrated snapshot global-setup.ts made
// for this run (pglite-snapshot.ts) instead of creating and migrating a cluster.
describe.skipIf(process.env.TEST_DATABASE_URL)("the API test apps' embedded databases", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const label = async (t: TestApp) =>
    rowsOf<{ label: string | null }>(
      await t.db.execute(sql`select shobj_description(oid, 'pg_database') as label
        from pg_database where datname = current_database()`),
    )[0]?.label;

  it("start from this run's migrated snapshot", async () => {
    expect(await label(first)).toBe(inject('apiTestRun'));
  });

  it('are copies, not one database', async () => {
    await first.db.execute(sql`create table only_in_first (id int)`);
    const [row] = rowsOf<{ found: string | null }>(
      await second.db.execute(sql`select to_regclass('only_in_first')::text as found`),
    );
    expect(row?.found).toBeNull();
    expect(await label(second)).toBe(inject('apiTestRun'));
  });
});
