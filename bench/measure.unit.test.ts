import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuMeter, cpuMsOfProcessesNamed, isLocalDatabase, processCpuMs } from './cpu';
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
let slowToStart: string;
beforeAll(async () => {
  fast = await serve('fast', 0);
  slow = await serve('slow', 20);
  // 300 ms for each connection's first answer, 20 ms for the others.
  const started = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    const first = !started.has(req.socket);
    started.add(req.socket);
    setTimeout(() => res.end('ok'), first ? 300 : 20);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  slowToStart = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

  it('divides the CPU its rounds took by its answers, for each side', async () => {
    // A meter whose server reads 10 ms more at each reading and whose database 30 ms more.
    let readings = 0;
    const meter = () => {
      readings += 1;
      return { serverMs: readings * 10, databaseMs: readings * 30 };
    };
    const [a, b] = await measureSideBySide(
      { url: fast, load: { path: '/' } },
      { url: slow, load: { path: '/' } },
      { seconds: 0.8, connections: 1, rounds: 2, cpu: meter },
    );
    // Two readings around each of the four rounds.
    expect(readings).toBe(8);
    // Each round is 10 ms of server and 30 ms of database by that meter: 20 and 60 per side,
    // over its answers. The slow side answers at most 50 a second for 0.8 s (so at least
    // 0.5 ms an answer), the fast side far more (so far less).
    expect(b!.cpuMsPerAnswer!.server).toBeGreaterThanOrEqual(0.5);
    expect(b!.cpuMsPerAnswer!.database! / b!.cpuMsPerAnswer!.server).toBeCloseTo(3, 5);
    expect(a.cpuMsPerAnswer!.database! / a.cpuMsPerAnswer!.server).toBeCloseTo(3, 5);
    expect(a.cpuMsPerAnswer!.server).toBeLessThan(b!.cpuMsPerAnswer!.server / 2);
  }, 20_000);

  it('gives no database figure when the database is not a process of its own here', async () => {
    const [a] = await measureSideBySide({ url: fast, load: { path: '/' } }, undefined, {
      seconds: 0.3,
      connections: 1,
      rounds: 1,
      cpu: () => ({ serverMs: 0, databaseMs: null }),
    });
    expect(a.cpuMsPerAnswer).toEqual({ server: 0, database: null });
  }, 20_000);
});

describe('CPU readings (issue 17)', () => {
  it.runIf(process.platform === 'linux')('reads a process’s CPU time from /proc', () => {
    const before = processCpuMs(process.pid);
    const end = Date.now() + 60;
    while (Date.now() < end) {
      // Spin: this process's own time must grow.
    }
    expect(processCpuMs(process.pid)).toBeGreaterThan(before);
    expect(processCpuMs(2 ** 30)).toBeNaN();
    expect(cpuMsOfProcessesNamed('no-such-process-name')).toBe(0);
    expect(cpuMeter(process.pid, false)().databaseMs).toBeNull();
  });

  it('knows which database URLs name this machine', () => {
    expect(isLocalDatabase('postgres://postgres@127.0.0.1:5432/aura')).toBe(true);
    expect(isLocalDatabase('postgres://u@localhost/aura')).toBe(true);
    expect(isLocalDatabase('postgres://u@db.example.com/aura')).toBe(false);
  });
});

describe("p99 without each connection's first answer", () => {
  it('leaves out the first answer of every connection of every round', async () => {
    const [a] = await measureSideBySide({ url: slowToStart, load: { path: '/' } }, undefined, {
      seconds: 1.6,
      connections: 10,
      rounds: 2,
    });
    // 10 first answers of 300 ms in each round among about 250 of 20 ms: about 4% of them.
    expect(a.p99Ms).toBeGreaterThanOrEqual(300);
    expect(a.p99AfterFirstMs).toBeLessThan(300);
  }, 20_000);
});
