import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { jobs } from './tables';

/**
 * How long a job that succeeded is kept after it finished. Its row is what makes a second
 * enqueue with the same idempotency key a no-op, and every key the app queues under names its
 * one cause (a sale, an event, a digest's day), which is not queued again days later; failed
 * jobs are kept, since the admin outbox lists them for a retry.
 */
export const DONE_JOBS_KEPT_MS = 7 * 24 * 3600_000;
/** Rows deleted per statement, so a first prune of a long-lived queue holds no long lock. */
export const PRUNE_BATCH = 5000;
export const JOBS_PRUNE_JOB = 'jobs-prune';

/**
 * Deletes the jobs that finished successfully more than `DONE_JOBS_KEPT_MS` ago, oldest first,
 * a batch per statement: a purchase queues two mails, so without it the queue grew by two rows
 * a sale. The batch is chosen in id order (the primary key) because done jobs are the oldest
 * ids; no index of its own, which every job's completion would have to update.
 * Resolves with how many were deleted.
 */
export async function pruneDoneJobs(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DONE_JOBS_KEPT_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      with gone as (
        delete from ${jobs} where id in (
          select id from ${jobs}
          where status = 'done' and finished_at < ${cutoff}::timestamptz
          order by id
          limit ${PRUNE_BATCH})
        returning 1)
      select count(*)::int as count from gone`);
    const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
    deleted += count;
    if (count < PRUNE_BATCH) return deleted;
  }
}
