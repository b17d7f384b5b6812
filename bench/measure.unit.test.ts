import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureSideBySide } from './measure';

/** Which side each new connection came to, in order: every autocannon run opens its own. */
const connections: string[] = [];
const servers: http.Server[] = [];

async function serve(name: string, delayMs: number): Promise<string> {
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.end('ok'), delayMs);
  });
  server.on('connection', () => connections.push(name));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let fast: string;
let slow: string;
beforeAll(async () => {
  fast = await serve('fast', 0);
  slow = await serve('slow', 20);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('measureSideBySide (issue 17: the app and its minimal route take turns)', () => {
  it('warms each side, then alternates the rounds A B, B A, ... and pools each side’s answers', async () => {
    connections.length = 0;
    const [a, b] = await measureSideBySide(
      { url: fast, load: { path: '/' } },
      { url: slow, load: { path: '/' } },
      { seconds: 1.2, connections: 1, rounds: 4 },
    );
    expect(connections).toEqual([
      'fast', // warm-ups
      'slow',
      'fast', // round 1
      'slow',
      'slow', // round 2
      'fast',
      'fast', // round 3
      'slow',
      'slow', // round 4
      'fast',
    ]);
    expect(a.failures).toBe(0);
    expect(a.p50Ms).toBeLessThan(20);
    // One connection waiting 20 ms for each answer: at most 50 answers a second, every one >= 20 ms.
    expect(b!.p50Ms).toBeGreaterThanOrEqual(20);
    expect(b!.p99Ms).toBeGreaterThanOrEqual(b!.p50Ms);
    expect(b!.requestsPerSecond).toBeGreaterThan(10);
    expect(b!.requestsPerSecond).toBeLessThanOrEqual(50);
    expect(a.requestsPerSecond).toBeGreaterThan(b!.requestsPerSecond);
  }, 20_000);

  it('measures one side alone in its rounds when there is no minimal route', async () => {
    connections.length = 0;
    const [a, b] = await measureSideBySide({ url: slow, load: { path: '/' } }, undefined, {
      seconds: 0.6,
      connections: 1,
      rounds: 3,
    });
    expect(connections).toEqual(['slow', 'slow', 'slow', 'slow']);
    expect(b).toBeUndefined();
    expect(a.requestsPerSecond).toBeGreaterThan(0);
  }, 20_000);
});
