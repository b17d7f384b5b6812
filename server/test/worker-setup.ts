import { runOnServer } from './own-postgres';
import { workerDatabaseUrl, workerRedisUrl } from './workers';

// Runs in each API test worker before each of its files: every reader of TEST_DATABASE_URL and
// TEST_REDIS_URL gets this worker's own database (created and migrated by global-setup.ts).
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');

/** Points `name` at this worker's part of the server it names; always from the run's value. */
function pointAtWorker(name: string, toWorker: (url: string, poolId: number) => string): void {
  const baseName = `AURA_TEST_BASE_${name}`;
  const base = process.env[baseName] ?? process.env[name];
  if (!base) return;
  process.env[baseName] = base;
  process.env[name] = toWorker(base, poolId);
}

pointAtWorker('TEST_DATABASE_URL', workerDatabaseUrl);
pointAtWorker('TEST_REDIS_URL', workerRedisUrl);

/**
 * A file starts with an empty job queue, as it does on PGlite: the jobs an earlier file of this
 * worker queued and never ran stay due on its database, and a test that runs every due job would
 * otherwise run them too, in batches that split its own jobs (a flake seen in a CI run).
 */
if (process.env.TEST_DATABASE_URL) {
  await runOnServer(
    process.env.TEST_DATABASE_URL,
    `delete from jobs where status in ('queued', 'running')`,
  );
}
