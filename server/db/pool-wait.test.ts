import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../test/app';
import { startTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy';

// A busy pool is not a lost database: a request queued behind working connections waits for the
// pool's wait (longer than a new connection's bound) and is served; past it the answer is a 503
// `server_busy` the caller is not charged for. A server that accepts a connection and never
// answers is an outage, found within the connect bound. PostgreSQL only: PGlite has no pool.
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const CHECK_LIMIT = 3;

describe.runIf(databaseUrl)('the PostgreSQL pool under load', () => {
  let t: TestApp | undefined;
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    proxy?.restore();
    await t?.close();
    await proxy?.close();
    t = undefined;
    proxy = undefined;
  });

  const checkUsername = (app: TestApp) =>
    app.app.inject({
      method: 'GET',
      url: `/api/v1/auth/check-username?username=${uniqueName('free_')}`,
    });
  /** Holds the pool's only connection for `seconds`, inside a transaction. */
  const holdTheConnection = (app: TestApp, seconds: number) =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(${seconds})`);
    });

  it('serves a request that waited for a pooled connection longer than a connect may take', async () => {
    t = await createTestApp({ pool: { size: 1, connectTimeoutMs: 200, waitMs: 10_000 } });
    const app = t;
    const held = holdTheConnection(app, 0.8);
    const res = await checkUsername(app);
    await held;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ available: true });
  });

  it('answers 503 server_busy past the pool wait, not charged to the rate limit', async () => {
    // The held connection works longer than a request's statement may: no bounds on it here.
    t = await createTestApp({
      pool: { size: 1, waitMs: 200, statementMs: 0, queryDeadlineMs: 0 },
      env: { AUTH_CHECK_RATE_LIMIT_PER_MINUTE: String(CHECK_LIMIT) },
    });
    const app = t;
    // One after another: each is counted before it waits and refunded after its answer.
    const held = holdTheConnection(app, 4);
    const busy = [];
    for (let i = 0; i < CHECK_LIMIT + 2; i += 1) busy.push(await checkUsername(app));
    await held;
    for (const res of busy) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'The server is busy right now. Please try again in a moment.',
        code: 'server_busy',
      });
    }
    // The connection is free again: the whole budget is there, then the limit holds.
    for (let i = 0; i < CHECK_LIMIT; i += 1) {
      const res = await checkUsername(app);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await checkUsername(app)).statusCode).toBe(429);
  });

  it('finds a server that accepts connections and never answers within the connect bound', async () => {
    const target = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // The pool wait is far beyond the connect bound: a `server_busy` answer would mean the
    // request waited it out instead of its connection giving up.
    t = await createTestApp({
      databaseUrl: throughProxy(databaseUrl, proxy),
      pool: { size: 2, connectTimeoutMs: 300, waitMs: 60_000 },
    });
    const app = t;
    expect((await checkUsername(app)).statusCode).toBe(200);
    proxy.stall();
    const res = await checkUsername(app);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'database_unavailable' });
    proxy.restore();
    await expect
      .poll(async () => (await checkUsername(app)).statusCode, { timeout: 20_000 })
      .toBe(200);
  });

  it('answers 503 server_busy when the server cancels a request statement past its bound', async () => {
    t = await createTestApp({ pool: { size: 2, statementMs: 300 } });
    const app = t;
    // Another session holds the users table, so the request's statement waits past its bound.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const res = await checkUsername(app);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'server_busy' });
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
    expect((await checkUsername(app)).statusCode).toBe(200);
  });
});
