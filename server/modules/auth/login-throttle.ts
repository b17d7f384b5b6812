import { createHmac } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database, Db, DatabaseHandle } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { loginFailures } from './tables';

/** Rows untouched this long are dropped: every wait has long run out (the longest is 15 min). */
const FORGET_AFTER_MS = 24 * 3600_000;

/** The identifier as a sign-in reads it (any letter case), hashed with the throttle key. */
export function identifierHash(key: Buffer, identifier: string): string {
  return createHmac('sha256', key).update(identifier.trim().toLowerCase()).digest('base64url');
}

/** Counts a failure in SQL, so concurrent failures are all counted. */
export async function recordIdentifierFailure(db: Db, hash: string, at: Date): Promise<void> {
  await db
    .insert(loginFailures)
    .values({ identifierHash: hash, failures: 1, lastFailedAt: at })
    .onConflictDoUpdate({
      target: loginFailures.identifierHash,
      set: { failures: sql`${loginFailures.failures} + 1`, lastFailedAt: at },
    });
}

export async function clearIdentifierFailures(db: Db, hash: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.identifierHash, hash));
}

export async function pruneLoginFailures(db: Database, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.lastFailedAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}

/** Hourly, once per cluster: forget identifiers whose failures are a day old. */
export function scheduleLoginFailurePrune(c: {
  database: DatabaseHandle;
  jobs: Pick<JobRunner, 'every'>;
}): void {
  c.jobs.every('login-failures-prune', 3600_000, (now) => pruneLoginFailures(c.database.db, now));
}
