import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../test/app';
import { backoffMs } from './runner';
import { SOON } from '../test/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jobsWithKey = (key: string) => t.db.select().from(jobs).where(eq(jobs.idempotencyKey, key));

describe('the job queue', () => {
  it('claims a batch in one statement and marks its done jobs in one more', async () => {
    const statements: string[] = [];
    // Its own database, so no other file's jobs join the batch.
    const own = await createTestApp({
      ownDatabase: true,
      onQuery: (statement) => statements.push(statement),
    });
    try {
      const kind = uniqueName('kind');
      const ran: unknown[] = [];
      own.container.jobs.define(kind, async (payload) => {
        ran.push(payload.n);
      });
      await own.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) {
          await own.container.jobs.enqueue(tx, kind, { n }, { key: uniqueName('batch') });
        }
      });
      statements.length = 0;
      expect(await own.container.jobs.runDue()).toBe(3);
      expect(ran).toEqual([1, 2, 3]);
      // The claim, the mark of all three, and the claim that finds the queue empty.
      expect(statements.filter((s) => /"jobs"/.test(s))).toHaveLength(3);
      const rows = await own.db.select().from(jobs).where(eq(jobs.kind, kind));
      expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    } finally {
      await own.close();
    }
  });

  it('runDue waits for the jobs a background pass in flight has claimed', async () => {
    const kind = uniqueName('kind');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = false;
    t.container.jobs.define(kind, async () => {
      started = true;
      await gate;
    });
    const key = uniqueName('held');
    await t.db.transaction((tx) => t.container.jobs.enqueue(tx, kind, {}, { key }));
    // The app's own poll (every second) claims it and holds it at the gate.
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5000 });
    let finished = false;
    const running = t.container.jobs.runDue().then((n) => {
      finished = true;
      return n;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(false);
    open();
    expect(await running).toBeGreaterThanOrEqual(1);
    expect((await jobsWithKey(key))[0]?.status).toBe('done');
  });

  it('hands a batch kind its claimed jobs together, and retries only those that failed', async () => {
    const kind = uniqueName('kind');
    const batches: number[][] = [];
    let failWhole = false;
    t.container.jobs.defineBatch(
      kind,
      async (batch) => {
        batches.push(batch.map((job) => Number(job.payload.n)));
        if (failWhole) throw new Error('the whole batch failed');
        return batch.map((job) => (job.payload.n === 2 ? new Error('two failed') : null));
      },
      { maxAttempts: 3 },
    );
    const keys = [1, 2, 3].map(() => uniqueName('batch'));
    await t.db.transaction(async (tx) => {
      for (const [i, key] of keys.entries()) {
        await t.container.jobs.enqueue(tx, kind, { n: i + 1 }, { key });
      }
    });
    await t.container.jobs.runDue();
    expect(batches).toEqual([[1, 2, 3]]);
    const statusOf = async (key: string) => (await jobsWithKey(key))[0];
    expect((await statusOf(keys[0]!))?.status).toBe('done');
    expect(await statusOf(keys[1]!)).toMatchObject({ status: 'queued', lastError: 'two failed' });
    expect((await statusOf(keys[2]!))?.status).toBe('done');

    // A batch handler that throws fails each job of the batch, to be retried.
    failWhole = true;
    const more = [4, 5].map(() => uniqueName('batch'));
    await t.db.transaction(async (tx) => {
      for (const [i, key] of more.entries()) {
        await t.container.jobs.enqueue(tx, kind, { n: i + 4 }, { key });
      }
    });
    await t.container.jobs.runDue();
    expect(batches.at(-1)).toEqual([4, 5]);
    for (const key of more) {
      expect(await statusOf(key)).toMatchObject({
        status: 'queued',
        lastError: 'the whole batch failed',
      });
    }
  });

  it('queues a job once per idempotency key, only when the transaction commits', async () => {
    const kind = uniqueName('kind');
    const done: unknown[] = [];
    t.container.jobs.define(kind, async (payload) => {
      done.push(payload);
    });
    const key = uniqueName('key');
    await t.db.transaction(async (tx) => {
      await t.container.jobs.enqueue(tx, kind, { n: 1 }, { key });
      await t.container.jobs.enqueue(tx, kind, { n: 2 }, { key });
    });
    const rolledBack = uniqueName('key');
    await t.db
      .transaction(async (tx) => {
        await t.container.jobs.enqueue(tx, kind, { n: 3 }, { key: rolledBack });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await t.container.jobs.runDue();
    expect(done).toEqual([{ n: 1 }]);
    expect((await jobsWithKey(key))[0]?.status).toBe('done');
    expect(await jobsWithKey(rolledBack)).toEqual([]);
  });

  it('retries a failing job with backoff and gives up visibly after its last attempt', async () => {
    const kind = uniqueName('kind');
    let calls = 0;
    const gaveUp: string[] = [];
    t.container.jobs.define(
      kind,
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      { maxAttempts: 2, onGiveUp: async (_job, error) => void gaveUp.push(error) },
    );
    const key = uniqueName('key');
    await t.db.transaction((tx) => t.container.jobs.enqueue(tx, kind, {}, { key }));
    await t.container.jobs.runDue();
    const [afterFirst] = await jobsWithKey(key);
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    // Not due again before its backoff has passed.
    expect(afterFirst!.runAt.getTime() - Date.now()).toBeGreaterThan(backoffMs(1) - 5_000);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.idempotencyKey, key));
    await t.container.jobs.runDue();
    const [afterSecond] = await jobsWithKey(key);
    expect(afterSecond).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(gaveUp).toEqual(['boom 2']);
  });

  it('takes back a job whose worker died mid-run (its lease ran out)', async () => {
    const kind = uniqueName('kind');
    const done: string[] = [];
    t.container.jobs.define(kind, async () => void done.push('ran'));
    const key = uniqueName('key');
    await t.db.insert(jobs).values({
      kind,
      idempotencyKey: key,
      status: 'running',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    await t.container.jobs.runDue();
    expect(done).toEqual(['ran']);
    expect((await jobsWithKey(key))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('lets a worker that outlived its lease write nothing over the claim that took the job back', async () => {
    const kind = uniqueName('kind');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    t.container.jobs.define(
      kind,
      async () => {
        calls += 1;
        await gate;
        throw new Error('late failure');
      },
      { maxAttempts: 1 },
    );
    const late = uniqueName('late');
    const running = uniqueName('running');
    await t.db.transaction(async (tx) => {
      await t.container.jobs.enqueue(tx, kind, {}, { key: late });
      await t.container.jobs.enqueue(tx, kind, {}, { key: running });
    });
    // One pass claims both and runs them one after the other; the first waits at the gate.
    const slowPass = t.container.jobs.runDue();
    await expect.poll(() => calls, SOON).toBe(1);
    expect((await jobsWithKey(running))[0]).toMatchObject({ status: 'running', attempts: 1 });
    // Meanwhile their leases ran out and another instance claimed both again (attempt 2): it
    // finished one and is still at the other.
    await t.db
      .update(jobs)
      .set({ status: 'done', attempts: 2, lockedUntil: null, finishedAt: new Date() })
      .where(eq(jobs.idempotencyKey, late));
    await t.db
      .update(jobs)
      .set({ attempts: 2, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.idempotencyKey, running));
    open();
    await slowPass;
    expect(calls).toBe(2);
    // The first claim's failure neither reopens the finished job nor gives up the running one.
    expect((await jobsWithKey(late))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect((await jobsWithKey(running))[0]).toMatchObject({ status: 'running', attempts: 2 });
  });
});

describe('periodic jobs run once per cluster', () => {
  it('skips a tick on an instance while another instance holds the job', async () => {
    const name = uniqueName('periodic');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    t.container.jobs.every(name, 3_600_000, async () => {
      runs += 1;
      await held;
    });
    const first = t.container.jobs.runPeriodic(name);
    // Give the first run time to take its lock before the second asks.
    await expect.poll(() => runs, SOON).toBe(1);
    expect(await t.container.jobs.runPeriodic(name)).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true });
  });
});
