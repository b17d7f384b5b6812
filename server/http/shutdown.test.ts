/**
 * Issue 18: draining on SIGTERM, HTTP timeouts, refused uploads that must not hang their
 * keep-alive connection, a full disk answered 507, and health reporting storage and writes.
 * The app listens on a real port; raw sockets play the clients. Nothing sleeps: each step waits
 * for an answer, a closed socket or the exit call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { get, listen, rawClient } from '../test/raw-http';
import type { MediaStorage } from '../adapters/storage/storage';
import { drainAndExit } from './shutdown';

describe('timeouts and refused uploads on a keep-alive connection', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { HTTP_REQUEST_TIMEOUT_SECONDS: '2' } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('cuts off a client that sends its body too slowly', async () => {
    const client = rawClient(port);
    client.socket.write(
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{',
    );
    // Never sends the rest: the server answers 408 and closes within the request timeout.
    await client.closed;
    expect(client.text()).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it.each([
    ['an unsupported type (415)', 'image/png'],
    ['no token (401)', 'multipart/form-data; boundary=x'],
  ])('answers a refused upload with Connection: close instead of hanging: %s', async (_n, type) => {
    const user = await createUser(t);
    const client = rawClient(port);
    // Announces a big body, sends a little of it, and waits for the refusal.
    client.socket.write(
      'POST /api/v1/media/upload-image HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n' +
        `Authorization: ${type.startsWith('image') ? user.auth.authorization : 'Bearer x'}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: 1000000\r\n\r\n` +
        'x'.repeat(1000),
    );
    const [status] = await client.answers(1);
    expect(status).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(client.text()).toMatch(/\r\nconnection: close\r\n/i);
    expect(client.text()).toContain('"error"');
    // The connection ends instead of hanging the next request on it.
    await client.closed;
  });
});

describe('a full disk', () => {
  let t: TestApp;
  let free = 10 * 1024 ** 3;
  beforeAll(async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
    });
    const storage = {
      async commitFile() {
        throw full;
      },
      directory: null,
      async ping() {},
    } as unknown as MediaStorage;
    t = await createTestApp({
      env: { STORAGE_MIN_FREE_BYTES: String(1024 ** 3) },
      overrides: { storage },
      freeBytes: async () => free,
    });
  });
  afterAll(() => t.close());

  it('answers 507 {error} "storage full" instead of a 500', async () => {
    const user = await createUser(t);
    const { multipartBody, tinyPng } = await import('../modules/media/test-helpers');
    const { payload, headers } = multipartBody(await tinyPng(), {
      filename: 'a.png',
      contentType: 'image/png',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload-image',
      headers: { ...headers, ...user.auth },
      payload,
    });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ code: 'storage_full' });
    expect(res.json().error).toMatch(/^storage full/i);
  });

  it('shows in /api/v1/health below STORAGE_MIN_FREE_BYTES', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', storage: { ok: true } });
    free = 1024;
    const low = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(low.statusCode).toBe(503);
    expect(low.json()).toMatchObject({
      status: 'degraded',
      storage: { ok: false, freeBytes: 1024 },
      database: { ok: true, writable: true },
    });
    expect(low.json().error).toMatch(/storage/);
    free = 10 * 1024 ** 3;
  });
});

describe('draining on SIGTERM', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('answers health 503 "draining" at once, serves with Connection: close, finishes in-flight requests, then exits 0', async () => {
    // A client in the middle of a request when the signal comes.
    const inFlight = rawClient(port);
    const [head, tail] = ['{"username":"nobody",', '"password":"Wrong-pass-1"}'];
    inFlight.socket.write(
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${head.length + tail.length}\r\n\r\n${head}`,
    );
    const idle = rawClient(port);
    idle.socket.write(get('/api/v1/billing/config'));
    await idle.answers(1);

    let endGrace!: () => void;
    const graceOver = new Promise<void>((resolve) => (endGrace = resolve));
    let exited!: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    const drained = drainAndExit(t.app, {
      graceMs: 0,
      deadlineMs: 60_000,
      graceOver,
      closeRest: async () => {},
      exit: exited,
    });

    const health = rawClient(port);
    health.socket.write(get('/api/v1/health'));
    await health.closed;
    expect(health.text()).toMatch(/^HTTP\/1\.1 503/);
    expect(health.text()).toMatch(/\r\nconnection: close\r\n/i);
    expect(health.text()).toContain('"status":"draining"');
    expect(health.text()).toContain('"error":"draining');

    endGrace();
    // The request in flight still gets its answer, not a reset.
    inFlight.socket.write(tail);
    const [answer] = await inFlight.answers(1);
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    await idle.closed;
    await drained;
    expect(await exitCode).toBe(0);
  });
});

describe('the shutdown deadline', () => {
  it('exits with 1 when a client keeps its request open past the deadline', async () => {
    const t = await createTestApp({ env: { HTTP_REQUEST_TIMEOUT_SECONDS: '0' } });
    try {
      const port = await listen(t);
      const slow = rawClient(port);
      slow.socket.write(
        'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{',
      );
      await new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
      const exitCode = await new Promise<number>((resolve) => {
        void drainAndExit(t.app, {
          graceMs: 0,
          deadlineMs: 1000,
          closeRest: async () => {},
          exit: resolve,
        });
      });
      expect(exitCode).toBe(1);
      slow.socket.destroy();
    } finally {
      t.app.server.closeAllConnections();
      await t.close();
    }
  }, 60_000);
});
