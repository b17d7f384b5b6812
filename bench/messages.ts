/**
 * `npm run bench -- messages` (issue 11): delivery latency of a direct message, from the POST on
 * instance A to its receipt on a WebSocket held by instance B, the two sharing one PostgreSQL
 * database and one Redis, with 200 sockets connected. The bare Redis publish -> subscribe round
 * trip is measured in the same run as the floor the path through Aura is compared with.
 *
 *   BENCH_POSTGRES_URL   a PostgreSQL server where a scratch database may be created and
 *                        dropped (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REDIS_URL      Redis (default redis://127.0.0.1:6379)
 *   BENCH_MESSAGES       measured messages (default 2000)
 *   BENCH_SOCKETS        connected sockets (default 200)
 *
 * Skipped with a message, not failed, where Redis or PostgreSQL cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocket } from 'ws';
import { RealtimeServerFrame } from '../common/realtime';
import { createTokenService } from '../server/auth/tokens';
import { systemClock } from '../server/context';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema/index';
import { deriveKeys } from '../server/keys';
import { percentile } from './percentile';
import {
  productionServerEnv,
  SERVING_LINE,
  startServerProcess,
  type ServerProcess,
} from './process';
import { positiveInt } from './env';
import { benchReport } from './report';

const TARGET_P99_MS = 25;
const WARM_UP_MESSAGES = 100;

async function redisReachable(url: string): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    redis.disconnect();
  }
}

/** A fresh database on the server of `adminUrl`, dropped by the returned function. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `aura_bench_messages_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** `count` creators (anyone may message a creator), with a signed token each. */
async function seedPeople(databaseUrl: string, secret: string, count: number) {
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    poolSize: 2,
    purpose: 'maintenance',
  });
  try {
    const rows = await handle.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `bench_dm_${i + 1}`,
          email: `bench_dm_${i + 1}@bench.test`,
          role: 'creator' as const,
        })),
      )
      .returning({ id: users.id });
    const tokens = createTokenService({
      key: deriveKeys(secret).tokens,
      ttlSeconds: 3600,
      clock: systemClock,
    });
    return Promise.all(
      rows.map(async ({ id }) => ({
        id,
        token: await tokens.issue({ id, role: 'creator', tokenVersion: 0 }),
      })),
    );
  } finally {
    await handle.close();
  }
}

type Waiter = { resolve(at: number): void };

/** 200 sockets on instance B; each resolves the waiter of the message text it receives. */
async function connectSockets(url: string, people: { id: string; token: string }[]) {
  const waiting = new Map<string, Waiter>();
  const sockets = await Promise.all(
    people.map(
      (person) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/v1/realtime`);
          ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: person.token })));
          ws.on('message', (data) => {
            const at = performance.now();
            const frame = RealtimeServerFrame.parse(JSON.parse(data.toString()));
            if (frame.type === 'ready') resolve(ws);
            // Only the recipient's copy counts (the sender's tabs get one too).
            if (frame.type === 'message.created' && frame.data.message.sender !== person.id) {
              waiting.get(frame.data.message.text)?.resolve(at);
            }
          });
          ws.on('error', reject);
        }),
    ),
  );
  return { sockets, waiting };
}

async function measureDelivery(
  aUrl: string,
  people: { id: string; token: string }[],
  waiting: Map<string, Waiter>,
  count: number,
  label: string,
): Promise<{ delivered: number[]; answered: number[] }> {
  const delivered: number[] = [];
  const answered: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const from = people[i % people.length]!;
    const to = people[(i + 1) % people.length]!;
    const text = `${label} ${i}`;
    const received = new Promise<number>((resolve) => waiting.set(text, { resolve }));
    const start = performance.now();
    const res = await fetch(`${aUrl}/api/v1/messages/${to.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text, clientId: `bench-${label}-${i}-${process.pid}` }),
    });
    if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
    answered.push(performance.now() - start);
    const at = await Promise.race([
      received,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`message ${i} not delivered within 10 s`)), 10_000),
      ),
    ]);
    waiting.delete(text);
    delivered.push(at - start);
  }
  return { delivered, answered };
}

/** The floor: a PUBLISH on one connection until the subscriber on another has it. */
async function measureRedisRoundTrips(url: string, count: number): Promise<number[]> {
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  const channel = `aura-bench:${process.pid}:${randomBytes(4).toString('hex')}`;
  let pending: ((at: number) => void) | null = null;
  subscriber.on('message', () => pending?.(performance.now()));
  await subscriber.subscribe(channel);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count + WARM_UP_MESSAGES; i += 1) {
      const received = new Promise<number>((resolve) => (pending = resolve));
      const start = performance.now();
      await publisher.publish(channel, JSON.stringify({ i, padding: 'x'.repeat(400) }));
      const at = await received;
      if (i >= WARM_UP_MESSAGES) latencies.push(at - start);
    }
  } finally {
    publisher.disconnect();
    subscriber.disconnect();
  }
  return latencies;
}

// eslint-disable-next-line money/one-formatter -- milliseconds, not money
const ms = (n: number) => n.toFixed(2);

export async function runMessagesBenchmark(): Promise<boolean> {
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  const adminUrl = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const messages = positiveInt('BENCH_MESSAGES', 2000);
  const socketCount = positiveInt('BENCH_SOCKETS', 200);
  console.log(
    `messages: delivery latency POST on instance A -> socket on instance B, ${messages} messages, ` +
      `${socketCount} sockets, one PostgreSQL and one Redis`,
  );

  const redisProblem = await redisReachable(redisUrl);
  if (redisProblem) {
    console.log(`messages: skipped, Redis is unavailable at ${redisUrl} (${redisProblem})`);
    benchReport.note('messages: skipped, Redis is unavailable.');
    return true;
  }
  let database: { url: string; drop(): Promise<void> };
  try {
    database = await scratchDatabase(adminUrl);
  } catch (err) {
    console.log(
      `messages: skipped, no PostgreSQL server to create a scratch database on at ` +
        `${adminUrl.replace(/\/\/[^@]*@/, '//')} (${(err as Error).message})`,
    );
    benchReport.note('messages: skipped, no PostgreSQL server to create a scratch database on.');
    return true;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-bench-messages-'));
  const servers: ServerProcess[] = [];
  try {
    const secret = randomBytes(32).toString('hex');
    const people = await seedPeople(database.url, secret, socketCount);
    const env = (instance: string): NodeJS.ProcessEnv =>
      productionServerEnv({
        DATA_DIR: path.join(dataDir, instance),
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        JWT_SECRET: secret,
        // The benchmark sends far faster than a person: the per-user limit is not what is measured.
        MESSAGE_RATE_LIMIT_PER_MINUTE: '1000000',
      });
    const [a, b] = await Promise.all([
      startServerProcess('server/main.ts', env('a'), SERVING_LINE),
      startServerProcess('server/main.ts', env('b'), SERVING_LINE),
    ]);
    servers.push(a, b);
    const aUrl = a.url.replace('localhost', '127.0.0.1');
    const bUrl = b.url.replace('localhost', '127.0.0.1');

    const { sockets, waiting } = await connectSockets(bUrl, people);
    await measureDelivery(aUrl, people, waiting, WARM_UP_MESSAGES, 'warm-up');
    const { delivered: delivery, answered } = await measureDelivery(
      aUrl,
      people,
      waiting,
      messages,
      'measured',
    );
    for (const socket of sockets) socket.terminate();
    const redis = await measureRedisRoundTrips(redisUrl, messages);

    const d50 = percentile(delivery, 50);
    const d99 = percentile(delivery, 99);
    const r50 = percentile(redis, 50);
    const r99 = percentile(redis, 99);
    console.log('');
    console.log(`${'path'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    console.log(
      `${'POST on A -> socket on B'.padEnd(34)} ${ms(d50).padStart(8)} ${ms(d99).padStart(8)}`,
    );
    console.log(
      `${'(the POST answered on A)'.padEnd(34)} ${ms(percentile(answered, 50)).padStart(8)} ${ms(percentile(answered, 99)).padStart(8)}`,
    );
    console.log(
      `${'Redis publish -> subscribe'.padEnd(34)} ${ms(r50).padStart(8)} ${ms(r99).padStart(8)}`,
    );
    console.log(
      `\nmessages vs bare Redis: p50 x${(d50 / r50).toFixed(1)}, p99 x${(d99 / r99).toFixed(1)}; ` +
        `p99 ${ms(d99)} ms is ${d99 <= TARGET_P99_MS ? 'within' : 'OVER'} the ${TARGET_P99_MS} ms target`,
    );
    const table = benchReport.table(
      `Messages: ${messages} direct messages, ${socketCount} sockets, two instances, one PostgreSQL and one Redis`,
      ['path', 'p50 ms', 'p99 ms'],
    );
    table.rows.push(
      ['POST on A -> socket on B', ms(d50), ms(d99)],
      ['(the POST answered on A)', ms(percentile(answered, 50)), ms(percentile(answered, 99))],
      ['Redis publish -> subscribe', ms(r50), ms(r99)],
    );
    benchReport.target({
      target: `messages: p99 from the POST on one instance to the socket on the other <= ${TARGET_P99_MS} ms`,
      value: `${ms(d99)} ms`,
      pass: d99 <= TARGET_P99_MS,
    });
    return true;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database
      .drop()
      .catch((err: unknown) => console.error('dropping the scratch database failed:', err));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
