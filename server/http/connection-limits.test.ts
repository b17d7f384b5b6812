/**
 * The cap of open connections per client address, and the short body limit of requests that are
 * not uploads, against a listening app with raw sockets as clients. Nothing sleeps: each step waits
 * for an answer or a closed socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { get, listen, rawClient } from '../test/raw-http';
import {
  createMediaTestApp,
  multipartBody,
  tinyPng,
  type MediaTestApp,
} from '../modules/media/test-helpers';
import { isLoopback } from './connection-limits';

type Client = ReturnType<typeof rawClient>;

/** A client whose first request was answered: its connection is open and counted. */
async function servedClient(port: number): Promise<Client> {
  const client = rawClient(port);
  client.socket.write(get('/api/v1/site'));
  expect(await client.answers(1)).toHaveLength(1);
  return client;
}

describe('connections per client address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Every test socket comes from loopback, which the server exempts: here it counts.
    t = await createTestApp({ connectionCap: { max: 3, isExempt: () => false } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('closes the connection past the cap from one address, and takes one again when another ends', async () => {
    const held = [await servedClient(port), await servedClient(port), await servedClient(port)];
    const refused = rawClient(port);
    refused.socket.write(get('/api/v1/site'));
    await refused.closed;
    expect(refused.text()).toBe('');

    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server counts the close when it sees it: try until a connection is taken again.
    let again: Client | null = null;
    for (let attempt = 0; attempt < 50 && !again; attempt += 1) {
      const client = rawClient(port);
      client.socket.write(get('/api/v1/site'));
      const [status] = await client.answers(1);
      if (status) again = client;
    }
    expect(again).not.toBeNull();
    for (const client of [...held.slice(1), again!]) client.socket.destroy();
  });
});

describe('loopback clients (a reverse proxy on the same machine, the benchmark)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2' } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('are not capped', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => servedClient(port)));
    for (const client of clients) client.socket.destroy();
  });

  it('are told apart from other addresses', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '::ffff:192.168.1.2', '2001:db8::1', undefined]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});

describe('the body limit of requests that are not uploads', () => {
  let t: MediaTestApp;
  let port: number;
  beforeAll(async () => {
    t = await createMediaTestApp({
      env: { HTTP_BODY_TIMEOUT_SECONDS: '0.5', HTTP_REQUEST_TIMEOUT_SECONDS: '120' },
    });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('cuts a slow JSON body at the short limit while a slow upload goes on', async () => {
    const user = await createUser(t);
    const { payload, headers } = multipartBody(await tinyPng(), {
      filename: 'a.png',
      contentType: 'image/png',
    });
    const uploading = rawClient(port);
    uploading.socket.write(
      'POST /api/v1/media/upload-image HTTP/1.1\r\nHost: x\r\n' +
        `Authorization: ${user.auth.authorization}\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    uploading.socket.write(payload.subarray(0, 100));

    const slow = rawClient(port);
    slow.socket.write(
      'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{',
    );
    // Never sends the rest: 408 and closed at HTTP_BODY_TIMEOUT_SECONDS, not at the 120 s.
    await slow.closed;
    expect(slow.text()).toMatch(/^HTTP\/1\.1 408/);

    // The upload began before, and its connection is still open: it finishes and is stored.
    expect(uploading.text()).toBe('');
    uploading.socket.write(payload.subarray(100));
    const [status] = await uploading.answers(1);
    expect(status).toMatch(/^HTTP\/1\.1 201/);
    uploading.socket.destroy();
  });
});
