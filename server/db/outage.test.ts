import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../test/app';
import { startTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy';
import { isDatabaseUnavailable } from './availability';

// The app reaches PostgreSQL through a loopback proxy this file cuts and restores, as a server
// restart or a network outage looks to it (issue 18). It needs a PostgreSQL server: without
// TEST_DATABASE_URL (PGlite runs in process and cannot go away) this file is skipped.
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const CHECK_LIMIT = 3;

const signup = (username: string) => ({
  username,
  email: `${username.toLowerCase()}@example.test`,
  password: 'Str0ng!pass',
  newsletter: true,
  termsAndConditions: true,
});

describe.runIf(databaseUrl)('a PostgreSQL outage (through a proxy the test cuts)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const target = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({
      databaseUrl: throughProxy(databaseUrl, proxy),
      env: { AUTH_CHECK_RATE_LIMIT_PER_MINUTE: String(CHECK_LIMIT) },
    });
  });
  afterAll(async () => {
    proxy?.restore();
    // Hangs if an outage leaked a pooled connection (pool.end waits for every client).
    await t?.close();
    await proxy?.close();
  });

  const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health' });
  const register = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signup(username) });
  const checkUsername = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/check-username?username=${uniqueName('free_')}`,
    });

  it('answers 503 while the database is away, resumes by itself and loses nothing acknowledged', async () => {
    // Idle pooled connections exist when the cut comes (the crash of issue 18 needed them).
    expect((await health()).statusCode).toBe(200);

    // Sign-ups race the cut: every one answered 201 must survive, the others answer 503.
    const names = Array.from({ length: 16 }, () => uniqueName('outage_'));
    let acknowledged = 0;
    let cutDone = false;
    const answers = names.map(async (name) => {
      const res = await register(name);
      if (res.statusCode === 201) acknowledged += 1;
      if (acknowledged >= 4 && !cutDone) {
        cutDone = true;
        proxy.cut();
      }
      return { name, res };
    });
    const results = await Promise.all(answers);
    if (!cutDone) proxy.cut();
    for (const { res } of results) {
      expect([201, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json()).toMatchObject({ code: 'database_unavailable' });
        expect(res.json().error).toMatch(/database/i);
      }
    }
    const saved = results.filter((r) => r.res.statusCode === 201).map((r) => r.name);
    expect(saved.length).toBeGreaterThanOrEqual(4);

    // While away: health says the database is down; requests answer 503 {error}.
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    const refused = await register(uniqueName('outage_'));
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'database_unavailable' });

    // More failed checks than the limit allows: none of them counts against the caller.
    for (let i = 0; i < CHECK_LIMIT + 3; i += 1) {
      const res = await checkUsername();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toBeTruthy();
    }

    // Back: service resumes without a restart.
    proxy.restore();
    await expect.poll(async () => (await health()).statusCode, { timeout: 20_000 }).toBe(200);
    const later = uniqueName('after_');
    expect((await register(later)).statusCode).toBe(201);

    // The whole budget is still there, and then the limit holds.
    for (let i = 0; i < CHECK_LIMIT; i += 1) {
      const res = await checkUsername();
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await checkUsername()).statusCode).toBe(429);

    // Every acknowledged sign-up is in the database (read past the proxy, straight from it).
    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ username: string }>(
        'select username from users where username = any($1)',
        [[...saved, later]],
      );
      expect(rows.map((r) => r.username).sort()).toEqual([...saved, later].sort());
    } finally {
      await direct.end();
    }
  });
});

describe.runIf(databaseUrl)('a silent network cut to PostgreSQL (no reset ever comes)', () => {
  let proxy: TcpProxy | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    proxy?.restore();
    // Hangs if a connection stuck behind the cut was kept (pool.end waits for every client).
    await t?.close();
    await proxy?.close();
    t = undefined;
    proxy = undefined;
  });

  const openThroughProxy = async (
    pool?: NonNullable<Parameters<typeof createTestApp>[0]>['pool'],
  ) => {
    const target = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({ databaseUrl: throughProxy(databaseUrl, proxy), pool });
    return { proxy, t };
  };

  it('answers health and requests 503 by their deadlines (the app bounds), then resumes', async () => {
    const { proxy, t } = await openThroughProxy();
    const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const register = (username: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signup(username) });
    // Idle pooled connections exist when the cut comes: requests are sent on them and no answer
    // and no reset ever comes back.
    expect((await register(uniqueName('silent_'))).statusCode).toBe(201);
    expect((await health()).statusCode).toBe(200);
    proxy.silence();

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    // More at once than the pool holds: those queued behind stuck connections answer too.
    const refused = await Promise.all(
      Array.from({ length: 8 }, () => register(uniqueName('silent_'))),
    );
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'database_unavailable' });
    }

    proxy.restore();
    await expect.poll(async () => (await health()).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await register(uniqueName('silent_'))).statusCode).toBe(201);
  });

  it('gives up a connection that went silent in the middle of a transaction', async () => {
    const { proxy, t } = await openThroughProxy({ size: 1, queryDeadlineMs: 300, waitMs: 1000 });
    const stalled = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.silence();
      await tx.execute(sql`select 1`);
    });
    const failure: unknown = await stalled.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    // The connection was closed when the deadline passed: the ROLLBACK queued behind the stuck
    // query failed with it at once, instead of waiting for a deadline of its own (after which the
    // transaction would have handed the connection back to the pool, still stuck).
    const rollbackFailure = (failure as { cause?: { message?: string } }).cause?.message;
    expect(String(failure)).toMatch(/rollback/);
    expect(rollbackFailure).not.toBe('Query read timeout');
    await expect.poll(() => proxy.openConnections(), { timeout: 20_000 }).toBe(0);

    proxy.restore();
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
  });
});
