import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, pgliteForDrizzle } from './pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { withCommitHooks, type CommittedEvent } from './commit-hooks';
import { withFastCompile } from './compile-sql';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type every service uses, whether PGlite or a PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Db = Database | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Runs `work` only if no other instance holds the lock `key` (a PostgreSQL advisory lock
   * on one pooled connection; one process owns an embedded database, so there an in-process
   * flag). `ran: false` when another holder had it.
   */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<{ ran: boolean; value?: T }>;
  /**
   * The embedded database only: a consistent copy of its data directory (a tar), taken while it
   * serves (PGlite's dumpDataDir, between two statements; recovery at restore rolls back any
   * transaction that was open). Null on a PostgreSQL server: use pg_dump there.
   */
  dumpDataDir: (() => Promise<Buffer>) | null;
  /** Called with each event a transaction recorded, right after it commits (this process only). */
  onCommittedEvent(listener: (event: CommittedEvent) => void): () => void;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** How long a new connection to a PostgreSQL server may take before the request fails. */
const CONNECT_TIMEOUT_MS = 5000;

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 741_852_963;

/** Where the embedded database lives inside DATA_DIR (beside the lock file and secrets). */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite');

export type DatabaseTarget = (
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string; poolSize?: number }
) & {
  /**
   * Called with the text of every SQL statement the app sends, as it is sent (tests and the
   * benchmark count statements per request with it; migrations are not included).
   */
  onQuery?: (statement: string) => void;
};

const queryLogger = (onQuery: ((statement: string) => void) | undefined) =>
  onQuery ? { logQuery: (statement: string) => onQuery(statement) } : false;

function subscribe<T>(set: Set<T>, item: T): () => void {
  set.add(item);
  return () => set.delete(item);
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    // Durability: PGlite's Node filesystem writes the WAL with fs.writeSync before a commit
    // returns, so a killed process loses nothing committed (server/test/durability-sigkill.test.ts).
    // It has no fsync, though: surviving power loss needs a PostgreSQL server (DATABASE_URL).
    const client = await openPglite(target.dataDir);
    const migrating = drizzlePglite({ client: pgliteForDrizzle(client), schema });
    await migratePglite(migrating, { migrationsFolder });
    const committed = new Set<(event: CommittedEvent) => void>();
    const db = withCommitHooks(
      withFastCompile(
        drizzlePglite({
          client: pgliteForDrizzle(client),
          schema,
          logger: queryLogger(target.onQuery),
        }) as unknown as Database,
      ),
      committed,
    );
    const held = new Set<number>();
    return {
      db,
      kind: 'pglite',
      async dumpDataDir() {
        await client.exec('CHECKPOINT');
        const tar = await client.dumpDataDir('none');
        return Buffer.from(await tar.arrayBuffer());
      },
      onCommittedEvent: (listener) => subscribe(committed, listener),
      async withAdvisoryLock(key, work) {
        if (held.has(key)) return { ran: false };
        held.add(key);
        try {
          return { ran: true, value: await work() };
        } finally {
          held.delete(key);
        }
      },
      close: () => client.close(),
    };
  }
  await migratePostgres(target.url);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // While the server is unreachable a request fails within this bound (503, issue 18)
    // instead of waiting for the operating system to give up on the connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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
        logger: queryLogger(target.onQuery),
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
