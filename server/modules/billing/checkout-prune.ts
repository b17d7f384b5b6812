import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { rowsOf } from '../../db/rows';
import { releaseDiscounts } from './discounts';
import { checkoutSessions } from './tables';

/**
 * How long a session nobody paid is kept after it expired: the buyer's return to the cancel or
 * success page, or a late provider webhook, still finds it for a day.
 */
export const EXPIRED_CHECKOUTS_KEPT_MS = 24 * 3600_000;
/** Rows deleted per statement, so a first prune of a long-lived table holds no long lock. */
export const CHECKOUT_PRUNE_BATCH = 5000;
export const CHECKOUT_PRUNE_JOB = 'checkout-sessions-prune';

/**
 * Deletes checkout sessions that expired more than `EXPIRED_CHECKOUTS_KEPT_MS` ago without being
 * paid, a batch per statement: every click on "buy" stores one, and nothing else ever removed
 * them. A paid or fulfilled session is a record of a payment and is kept. Resolves with how
 * many were deleted. Hourly, it is also when expired checkouts nobody looked at since give their
 * discount code's redemption back (a checkout naming the code, and the creator's list, do it at
 * once).
 */
export async function pruneExpiredCheckouts(db: Db, now: Date): Promise<number> {
  // Discount redemptions still held by expired sessions go back before any session is deleted.
  await releaseDiscounts(db, now);
  const cutoff = new Date(now.getTime() - EXPIRED_CHECKOUTS_KEPT_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      with gone as (
        delete from ${checkoutSessions} where id in (
          select id from ${checkoutSessions}
          where payment_status = 'unpaid' and expires_at < ${cutoff}::timestamptz
            and fulfilled_at is null and status <> 'complete'
          order by expires_at
          limit ${CHECKOUT_PRUNE_BATCH})
        returning 1)
      select count(*)::int as count from gone`);
    const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
    deleted += count;
    if (count < CHECKOUT_PRUNE_BATCH) return deleted;
  }
}

/** Hourly, once per cluster. */
export function scheduleCheckoutPrune(c: { db: Db; jobs: Pick<JobRunner, 'every'> }): void {
  c.jobs.every(CHECKOUT_PRUNE_JOB, 3600_000, (now) => pruneExpiredCheckouts(c.db, now));
}
