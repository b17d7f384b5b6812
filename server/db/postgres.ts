import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  migrationsFolder,
  subscribe,
  type Database,
  type DatabaseHandle,
  type DatabaseTarget,
  type QueryLimits,
  type QueryLogger,
} from './client';
import { withCommitHooks, type CommittedEvent } from './commit-hooks';
import { withFastCompile } from './compile-sql';
import * as schema from './schema/index';

/*
 * The PostgreSQL server's side of `openDatabase`, in a module of its own so that an embedded
 * database's start-up does not load pg (see client.ts).
 */

/*
 * Limits per purpose: a silent network cut (no reset) left requests waiting for ever.
 * `statementMs` is the server's own bound (statement_timeout), which it cannot report while the
 * network is gone: `queryDeadlineMs` is the client's, a little longer, after which the connection
 * is given up.
 */

/**
 * A request's limits: a request answers 503 `database_unavailable` within 5 s of a cut, which
 * may need a stalled query's deadline and then a new connection's set-up. A request's statement
 * taking seconds is a bug of its own; the server cancels it (503 `server_busy`).
 */
export const REQUEST_LIMITS: QueryLimits = {
  connectMs: 2000,
  statementMs: 2500,
  queryDeadlineMs: 3000,
};

/**
 * Long work in a process of its own (key rotation, benchmark seeding): no statement bound, and a
 * deadline only for a connection that stopped answering.
 */
export const MAINTENANCE_LIMITS: QueryLimits = {
  connectMs: 10_000,
  statementMs: 0,
  queryDeadlineMs: 30 * 60_000,
};

/**
 * TCP keepalive's first probe after this much silence on an idle connection: an idle pooled
 * connection behind a dropped route is found by the operating system, not by the next request.
 */
const KEEPALIVE_IDLE_MS = 10_000;

/**
 * How long a request may wait for a pooled connection while every one is working. Longer than
 * the connect bound on purpose: a burst (a hundred fans paying at once) queues behind busy
 * connections to a reachable server and should be served, not refused after a few seconds; past
 * this the server is overloaded and answers 503 `server_busy` (server/http/errors.ts).
 */
const POOL_WAIT_MS = 30_000;

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 741_852_963;

/**
 * pg's client with the limits of one purpose: while the server is unreachable a request fails
 * within them (503, issue 18) instead of waiting for the operating system to give up.
 */
function clientWithin(limits: QueryLimits): typeof pg.Client {
  return class extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({
        ...config,
        connectionTimeoutMillis: limits.connectMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
        ...(limits.statementMs > 0 ? { statement_timeout: limits.statementMs } : {}),
        ...(limits.queryDeadlineMs > 0 ? { query_timeout: limits.queryDeadlineMs } : {}),
      });
    }
  };
}

/** Opens a pool on the server and brings its schema up to date. */
export async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  logger: QueryLogger,
): Promise<DatabaseHandle> {
  await migratePostgres(target.url);
  const limits: QueryLimits = {
    ...(target.purpose === 'maintenance' ? MAINTENANCE_LIMITS : REQUEST_LIMITS),
  };
  for (const [name, ms] of Object.entries(target.limits ?? {})) {
    if (typeof ms === 'number') limits[name as keyof QueryLimits] = ms;
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // pg-pool bounds both the wait for a free connection and a new connection's set-up by this
    // one option, and hands its options to every client it makes: the client class below puts
    // the shorter connect bound back for the set-up.
    connectionTimeoutMillis: target.poolWaitMs ?? POOL_WAIT_MS,
    Client: clientWithin(limits),
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
    dropWhenDeadlinePasses(client);
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

// What pg says when a query's deadline (query_timeout) passed without an answer.
const QUERY_DEADLINE_MESSAGE = 'Query read timeout';

/**
 * pg fails a query whose deadline passed but keeps its connection, still waiting for the answer:
 * every later query on it (the transaction's ROLLBACK, the next request's after the pool handed
 * it out again) would queue behind that answer and wait its own deadline, for as long as the
 * network stays cut. The connection is closed instead: what is queued on it fails at once, and
 * the pool drops it when it comes back (it is no longer queryable).
 */
function dropWhenDeadlinePasses(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const dropIfLate = (err: unknown) => {
    if (err instanceof Error && err.message === QUERY_DEADLINE_MESSAGE) {
      client.connection.stream.destroy();
    }
  };
  const guarded = (...args: unknown[]): unknown => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // pg-pool's own pool.query (what drizzle uses outside a transaction) passes a callback.
      args[args.length - 1] = (err: unknown, result: unknown) => {
        dropIfLate(err);
        (callback as (err: unknown, result: unknown) => void)(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(dropIfLate);
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
