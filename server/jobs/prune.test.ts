import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../test/app';
import { DONE_JOBS_KEPT_MS, JOBS_PRUNE_JOB, PRUNE_BATCH, pruneDoneJobs } from './prune';

// Its own database: the prune deletes every kind's old done jobs, and counts them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const now = new Date('2026-11-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

/**
 * `count` jobs of `kind` in `status`, finished at `finishedAt` (null: not finished), due
 * tomorrow so that the app's own poll leaves the queued ones alone.
 */
async function insertJobs(
  kind: string,
  count: number,
  status: string,
  finishedAt: string | null,
): Promise<void> {
  await t.db.execute(sql`
    insert into ${jobs} (kind, idempotency_key, status, finished_at, run_at)
    select ${kind}, ${kind} || ':' || ${status} || ':' || n, ${status}, ${finishedAt}::timestamptz,
      now() + interval '1 day'
    from generate_series(1, ${count}) n`);
}

const statusesOf = async (kind: string) =>
  (await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind)))
    .map((r) => r.status)
    .sort();

describe('pruning finished jobs', () => {
  it('deletes done jobs older than the retention, a batch at a time, and keeps the rest', async () => {
    const old = uniqueName('old');
    const recent = uniqueName('recent');
    const kept = uniqueName('kept');
    // More than one batch of old done jobs.
    await insertJobs(old, PRUNE_BATCH + 3, 'done', ago(DONE_JOBS_KEPT_MS + DAY));
    await insertJobs(recent, 2, 'done', ago(DONE_JOBS_KEPT_MS - 60_000));
    await insertJobs(kept, 1, 'failed', ago(30 * DAY));
    await insertJobs(kept, 1, 'queued', null);
    await insertJobs(kept, 1, 'running', null);

    expect(await pruneDoneJobs(t.db, now)).toBe(PRUNE_BATCH + 3);
    expect(await statusesOf(old)).toEqual([]);
    expect(await statusesOf(recent)).toEqual(['done', 'done']);
    expect(await statusesOf(kept)).toEqual(['failed', 'queued', 'running']);
    // Nothing left to prune: a second pass deletes nothing.
    expect(await pruneDoneJobs(t.db, now)).toBe(0);
  });

  it('is a periodic job of the app, and a pruned key may be queued again', async () => {
    const kind = uniqueName('requeue');
    const key = uniqueName('key');
    // Due tomorrow, so the app's own poll leaves it alone.
    const options = { key, runAt: new Date(Date.now() + DAY) };
    await t.db.transaction((tx) => t.container.jobs.enqueue(tx, kind, {}, options));
    await t.db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date(Date.now() - DONE_JOBS_KEPT_MS - DAY) })
      .where(eq(jobs.idempotencyKey, key));

    expect(await t.container.jobs.runPeriodic(JOBS_PRUNE_JOB)).toEqual({ ran: true });
    expect(await statusesOf(kind)).toEqual([]);
    await t.db.transaction((tx) => t.container.jobs.enqueue(tx, kind, {}, options));
    expect(await statusesOf(kind)).toEqual(['queued']);
  });
});
