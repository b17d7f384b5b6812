import { workerDatabaseUrl, workerRedisUrl } from './workers';

// Runs in each API test worker before its file: every reader of TEST_DATABASE_URL and
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
