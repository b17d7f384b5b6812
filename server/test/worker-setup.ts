import { workerDatabaseUrl, workerRedisUrl } from './workers';

// Runs in each API test worker before its file: every reader of TEST_DATABASE_URL and
// TEST_REDIS_URL gets this worker's own database (created and migrated by global-setup.ts).
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
const { TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl } = process.env;
if (databaseUrl && !process.env.AURA_TEST_BASE_DATABASE_URL) {
  process.env.AURA_TEST_BASE_DATABASE_URL = databaseUrl;
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(databaseUrl, poolId);
}
if (redisUrl && !process.env.AURA_TEST_BASE_REDIS_URL) {
  process.env.AURA_TEST_BASE_REDIS_URL = redisUrl;
  process.env.TEST_REDIS_URL = workerRedisUrl(redisUrl, poolId);
}
