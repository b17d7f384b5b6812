import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { freshSignup } from './test-helpers';

// Each test speaks from its own address, so counters of one test never reach another.
let lastOctet = 0;
const freshAddress = () => {
  lastOctet += 1;
  return `10.${process.pid % 250}.${Math.floor(Math.random() * 250)}.${lastOctet}`;
};

const call = (
  t: TestApp,
  remoteAddress: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, remoteAddress });

describe('per-address limits on the account calls (in-process counters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', AUTH_CHECK_RATE_LIMIT_PER_MINUTE: '2' },
    });
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/v1/auth/login', { username: 'nobody', password: 'whatever1' }],
    ['POST', '/v1/auth/signup', { username: 'ab' }],
    ['POST', '/api/v1/auth/register', { username: 'ab' }],
    ['POST', '/v1/auth/google', { credential: 'x' }],
  ] as const)(
    '%s %s answers 429 after AUTH_RATE_LIMIT_PER_MINUTE calls',
    async (method, url, body) => {
      const address = freshAddress();
      for (let i = 0; i < 3; i += 1) {
        expect((await call(t, address, method, url, body)).statusCode).not.toBe(429);
      }
      const limited = await call(t, address, method, url, body);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/Rate limit exceeded/);
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address is not limited.
      expect((await call(t, freshAddress(), method, url, body)).statusCode).not.toBe(429);
    },
  );

  it.each([
    '/api/v1/auth/check-username?username=free_name',
    '/api/v1/auth/check-email?email=a@b.co',
  ])('GET %s answers 429 after AUTH_CHECK_RATE_LIMIT_PER_MINUTE calls', async (url) => {
    const address = freshAddress();
    expect((await call(t, address, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, address, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, address, 'GET', url)).statusCode).toBe(429);
  });

  it('does not limit the other calls', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await call(t, address, 'GET', '/api/v1/auth/config')).statusCode).toBe(200);
    }
  });
});

// Needs a Redis server: CI sets TEST_REDIS_URL (see .ci/run); a laptop without Redis skips it.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe.skipIf(!redisUrl)('with REDIS_URL the counters are shared by every instance', () => {
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, AUTH_RATE_LIMIT_PER_MINUTE: '2' };
    [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    redis.disconnect();
  });

  it('counts one address across two app instances, in Redis', async () => {
    const address = freshAddress();
    const body = freshSignup({ username: uniqueName('rl_'), password: 'weak' });
    expect((await call(first, address, 'POST', '/v1/auth/signup', body)).statusCode).toBe(400);
    expect((await call(second, address, 'POST', '/v1/auth/signup', body)).statusCode).toBe(400);
    const limited = await call(first, address, 'POST', '/v1/auth/signup', body);
    expect(limited.statusCode).toBe(429);
    expect((await call(second, address, 'POST', '/v1/auth/signup', body)).statusCode).toBe(429);

    const keys = await redis.keys(`aura-rate-limit:*${address}*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
