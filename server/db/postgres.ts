import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  migrationsFolder,
  subscribe,
  type Database,
  type DatabaseHandle,
  type DatabaseTarget,
  type QueryLogger,
} from './client';
import { withCommitHooks, type CommittedEvent } from './commit-hooks';
import { withFastCompile } from './compile-sql';
import * as schema from './schema/index';

/*
 * The PostgreSQL server's side of `openDatabase`, in a module of its own so that an embedded
 * database's start-up does not load pg (see client.ts).
 */

/** How long a new connection to a PostgreSQL server may take before the request fails. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * How long a request may wait for a pooled connection while every one is working. Longer than
 * the connect bound on purpose: a burst (a hundred fans paying at once) queues behind busy
 * connections to a reachable server and should be served, not refused after 5 s; past this the
 * server is overloaded and answers 503 `server_busy` (server/http/errors.ts).
 */
const POOL_WAIT_MS = 30_000;

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 741_852_963;

/**
 * pg's client with its own connect bound: while the server is unreachable a request fails
 * within it (503, issue 18) instead of waiting for the operating system to give up.
 */
function clientConnectingWithin(ms: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: ms });
    }
  };
}

/** Opens a pool on the server and brings its schema up to date. */
export async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  logger: QueryLogger,
): Promise<DatabaseHandle> {
  await migratePostgres(target.url);
  const connectTimeoutMs = target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // pg-pool bounds both the wait for a free connection and a new connection's set-up by this
    // one option, and hands its options to every client it makes: the client class below puts
    // the shorter connect bound back for the set-up.
    connectionTimeoutMillis: target.poolWaitMs ?? POOL_WAIT_MS,
    Client: clientConnectingWithin(connectTimeoutMs),
  });
  // An idle pooled connection that the server drops (restart, failover) emits 'error' on the
  // pool; unhandled, that would end the process. The pool replaces it on the next checkout.
  pool.on('error', () => {});
  // A checked-out connection has no pool listener: one that drops between two queries of a
  // transaction (or while it holds an advisory lock) would emit an unhandled 'error' too. The
  // query in flight fails on its own, and the pool discards the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    releaseWhenBeginFails(client);
  });
  const committed = new Set<(event: CommittedEvent) => void>();
  const db = withCommitHooks(
    withFastCompile(
      drizzlePg({
        client: pool,
        schema,
        logger,
      }) as unknown as Database,
    ),
    committed,
  );
  return {
    db,
    kind: 'postgres',
    dumpDataDir: null,
    onCommittedEvent: (listener) => subscribe(committed, listener),
    async withAdvisoryLock(key, work) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock($1) as ok',
          [key],
        );
        if (!rows[0]?.ok) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * drizzle's node-postgres transaction() checks a client out and sends BEGIN before its
 * try/finally, so a BEGIN that fails (the connection died while idle in the pool) never gives
 * the client back: each outage would leak one, until the pool is exhausted for good and service
 * never resumes (issue 18). This hands such a client back to the pool, which drops it.
 */
function releaseWhenBeginFails(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const result = query(...args);
    if (typeof text === 'string' && /^\s*begin\b/i.test(text) && result instanceof Promise) {
      return result.catch((err: unknown) => {
        client.release(err instanceof Error ? err : true);
        throw err;
      });
    }
    return result;
  };
  client.query = guarded as typeof client.query;
}

/** Several app instances may start at once against one server: an advisory lock serialises them. */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
