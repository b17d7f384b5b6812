import { availableParallelism } from 'node:os';

/**
 * How many API test files run at once. Each waits on its database and timers much of the time,
 * so two share even a 2-core machine well; each worker has a PostgreSQL database of its own
 * (`workerDatabaseUrl`), since apps of one database run one outbox and one job queue.
 */
export const API_TEST_WORKERS = Math.max(2, Math.min(4, availableParallelism()));

/** The database of worker `poolId` (1-based, vitest's `VITEST_POOL_ID`) on `url`'s server. */
export function workerDatabaseUrl(url: string, poolId: number): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname.replace(/^\//, '')}_w${poolId}`;
  return parsed.toString();
}

/** Redis database `poolId` of `url`'s server: rate limit counters stay apart per worker. */
export function workerRedisUrl(url: string, poolId: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${poolId}`;
  return parsed.toString();
}

/**
 * The migrated database on `url`'s server that a test's database of its own is copied from
 * (`createTestApp({ ownDatabase: true })`): made by global-setup.ts, never connected to after.
 */
export function templateDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname.replace(/^\//, '')}_template`;
  return parsed.toString();
}
