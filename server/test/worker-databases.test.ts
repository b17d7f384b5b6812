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
