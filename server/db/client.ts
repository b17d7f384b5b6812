import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, pgliteForDrizzle } from './pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { withCommitHooks, type CommittedEvent } from './commit-hooks';
import { withFastCompile } from './compile-sql';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type every service uses, whether PGlite or a PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Db = Database | Tx;

/** What a query of one purpose may spend (server/db/postgres.ts has the values). */
export interface QueryLimits {
  /** A new connection's set-up. */
  connectMs: number;
  /** The server's bound on one statement (statement_timeout); 0: none. */
  statementMs: number;
  /** The client's: past it the connection is given up (a network cut); 0: none. */
  queryDeadlineMs: number;
}

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

/** Where the embedded database lives inside DATA_DIR (beside the lock file and secrets). */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite');

export type DatabaseTarget = (
  | {
      kind: 'pglite';
      dataDir: string | null; // null: in memory (tests)
      /**
       * A data directory's tar (dumpDataDir) to start from, already migrated: starting a new
       * cluster costs more than loading one (server/test/pglite-snapshot.ts).
       */
      from?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * Whose queries the pool carries: 'requests' (the app; default) have short bounds, so a
       * request answers 503 soon after the database went away; 'maintenance' (a command of its
       * own doing long work) has none but a dead connection's (server/db/postgres.ts).
       */
      purpose?: 'requests' | 'maintenance';
      /** The purpose's bounds in ms, some replaced (tests shorten them). */
      limits?: Partial<QueryLimits>;
      /** How long a request may wait for a pooled connection while all are working. */
      poolWaitMs?: number;
    }
) & {
  /**
   * Called with the text of every SQL statement the app sends, as it is sent (tests and the
   * benchmark count statements per request with it; migrations are not included).
   */
  onQuery?: (statement: string) => void;
};

export type QueryLogger = { logQuery(statement: string): void } | false;

const queryLogger = (onQuery: ((statement: string) => void) | undefined): QueryLogger =>
  onQuery ? { logQuery: (statement: string) => onQuery(statement) } : false;

/** Adds `item` to `set`; the answer removes it (a handle's `onCommittedEvent`). */
export function subscribe<T>(set: Set<T>, item: T): () => void {
  set.add(item);
  return () => set.delete(item);
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    // Durability: PGlite's Node filesystem writes the WAL with fs.writeSync before a commit
    // returns, so a killed process loses nothing committed (server/test/durability-sigkill.test.ts).
    // It has no fsync, though: surviving power loss needs a PostgreSQL server (DATABASE_URL).
    const client = await openPglite(target.dataDir, target.from);
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
  // Loaded only for a PostgreSQL server, so an embedded database's start-up does not read and
  // run pg's code (issue 17: restart to first answer). On Node 20 its first load also makes a
  // fetch Response to probe for a Cloudflare Worker, which loads Node's fetch implementation;
  // that load now comes with the first answer instead (@fastify/compress checks for a Response).
  const { openPostgres } = await import('./postgres');
  return openPostgres(target, queryLogger(target.onQuery));
}

/** Several app instances may start at once against one server: an advisory lock serialises them. */
export async function migratePostgres(url: string): Promise<void> {
  const postgres = await import('./postgres');
  await postgres.migratePostgres(url);
}
