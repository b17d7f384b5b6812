import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { openDatabase, type DatabaseHandle } from './client';
import { EMBEDDED_MAINTENANCE_JOB, maintainEmbeddedDatabase } from './embedded-maintenance';
import { rowsOf } from './rows';

// Issue 17: PGlite has no autovacuum; a job vacuums and analyzes its tables as autovacuum would.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(() => handle.close());

const run = (text: string) => handle.db.execute(sql.raw(text));

/** This session's counts reach the statistics at its next idle moment, not later. */
async function flushStatistics() {
  await run('select pg_stat_force_next_flush()');
  await run('select 1');
}

async function statisticsOf(table: string) {
  const [row] = rowsOf<{
    analyzed: boolean;
    changed: number;
    dead: number;
    rows: number;
    allVisible: number;
  }>(
    await handle.db.execute(sql`
      select s.last_analyze is not null as analyzed, s.n_mod_since_analyze::int as changed,
        s.n_dead_tup::int as dead, c.reltuples::int as rows, c.relallvisible::int as "allVisible"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname = ${table}`),
  );
  return row;
}

describe('the embedded database maintenance', () => {
  it('analyzes a table whose changes passed a tenth of its rows, and leaves the others', async () => {
    await run('create table pm_grown (id int primary key, label text)');
    await run('create table pm_small (id int primary key, label text)');
    await run(`insert into pm_grown select n, 'row ' || n from generate_series(1, 1000) n`);
    await run(`insert into pm_small select n, 'row ' || n from generate_series(1, 10) n`);
    await flushStatistics();

    const pass = await maintainEmbeddedDatabase(handle.db);
    expect(pass.analyzed).toContain('public.pm_grown');
    expect([...pass.analyzed, ...pass.vacuumed]).not.toContain('public.pm_small');
    expect(await statisticsOf('pm_grown')).toMatchObject({
      analyzed: true,
      changed: 0,
      rows: 1000,
    });
    expect(await statisticsOf('pm_small')).toMatchObject({ analyzed: false, changed: 10 });

    // 60 more rows are below 50 + a tenth of 1,000.
    await run(`insert into pm_grown select n, 'row ' || n from generate_series(1001, 1060) n`);
    await flushStatistics();
    const next = await maintainEmbeddedDatabase(handle.db);
    expect([...next.analyzed, ...next.vacuumed]).not.toContain('public.pm_grown');
  });

  it('vacuums a table whose dead rows passed a fifth of its rows, and analyzes it with it', async () => {
    await run('create table pm_churn (id int primary key, hits int not null)');
    await run('insert into pm_churn select n, 0 from generate_series(1, 1000) n');
    await flushStatistics();
    await maintainEmbeddedDatabase(handle.db);
    await run('update pm_churn set hits = hits + 1 where id <= 400');
    await flushStatistics();
    expect(await statisticsOf('pm_churn')).toMatchObject({ dead: 400, changed: 400 });

    const pass = await maintainEmbeddedDatabase(handle.db);
    expect(pass.vacuumed).toContain('public.pm_churn');
    expect(pass.analyzed).not.toContain('public.pm_churn');
    expect(await statisticsOf('pm_churn')).toMatchObject({ dead: 0, changed: 0, rows: 1000 });
  });

  it('vacuums a table that only grew once its new rows passed 1,000 + a fifth of its rows', async () => {
    await run('create table pm_appended (id int primary key, label text)');
    await run(`insert into pm_appended select n, 'row ' || n from generate_series(1, 2000) n`);
    await flushStatistics();
    expect(await statisticsOf('pm_appended')).toMatchObject({ dead: 0, allVisible: 0 });

    const pass = await maintainEmbeddedDatabase(handle.db);
    expect(pass.vacuumed).toContain('public.pm_appended');
    // The visibility map is what the vacuum is for: an index-only scan now skips the table.
    const after = await statisticsOf('pm_appended');
    expect(after).toMatchObject({ analyzed: true, changed: 0, rows: 2000 });
    expect(after?.allVisible).toBeGreaterThan(0);

    // 1,300 more rows are below 1,000 + a fifth of 2,000; they still get analyzed.
    await run(`insert into pm_appended select n, 'row ' || n from generate_series(2001, 3300) n`);
    await flushStatistics();
    const next = await maintainEmbeddedDatabase(handle.db);
    expect(next.vacuumed).not.toContain('public.pm_appended');
    expect(next.analyzed).toContain('public.pm_appended');
  });

  it('runs as a periodic job of an app on the embedded database', async () => {
    const t = await createTestApp({ embedded: true });
    try {
      await expect(t.container.jobs.runPeriodic(EMBEDDED_MAINTENANCE_JOB)).resolves.toEqual({
        ran: true,
      });
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is not a job of an app on a PostgreSQL server, whose autovacuum does it',
    async () => {
      const t = await createTestApp();
      try {
        await expect(t.container.jobs.runPeriodic(EMBEDDED_MAINTENANCE_JOB)).rejects.toThrow(
          /no periodic job/,
        );
      } finally {
        await t.close();
      }
    },
  );
});
