import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { deliversAcrossInstances } from '../test/realtime-delivery';
import { listen } from './test-client';

/*
 * Two app instances on one PostgreSQL server (TEST_DATABASE_URL) and one Redis (TEST_REDIS_URL),
 * as docs/operations.md "Scaling out" runs them. Skipped where either is not set.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseUrl || !redisUrl)('realtime across two instances (Redis bus)', () => {
  let a: TestApp;
  let b: TestApp;
  let bUrl: string;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl! };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    bUrl = await listen(b);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('delivers a message posted to instance A to a socket on instance B; logout on A closes it', async () => {
    await deliversAcrossInstances(a, bUrl);
  });
});
