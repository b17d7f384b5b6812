import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { TokenService } from '../auth/tokens';
import type { Container, ContainerOverrides } from '../container';
import type { ConnectionCap } from '../http/connection-limits';
import type { Clock } from '../context';
import { openDatabase, type Database } from '../db/client';
import { copiedPostgresDatabase } from './own-postgres';
import { migratedSnapshot } from './pglite-snapshot';
import { watchDocumentedAnswers } from './documented-answers';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Issues tokens exactly as the app does (same secret and clock). */
  tokens: TokenService;
  /** The app's shared services (bus, jobs, keys, ...). */
  container: Container;
  close(): Promise<void>;
}

/**
 * A fresh app: on an in-memory PGlite of its own by default (a copy of the run's migrated
 * snapshot, pglite-snapshot.ts); with TEST_DATABASE_URL set, on the worker's database on that
 * server (migrated once by global-setup.ts), or with `ownDatabase` on a copy of the run's
 * migrated template there, dropped when the app closes.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    overrides?: ContainerOverrides;
    /** Log every line (LOG_LEVEL from env, default silent) to this stream instead of nowhere. */
    logStream?: { write(line: string): void };
    /**
     * A database of its own, not the worker's: for tests of rules over every row there is (the
     * last superadmin, key rotation), which the worker's other files add to.
     */
    ownDatabase?: boolean;
    /** An embedded PGlite even when TEST_DATABASE_URL is set (its own maintenance job). */
    embedded?: boolean;
    /** Called with every SQL statement the app sends (to count statements per request). */
    onQuery?: (statement: string) => void;
    /** Another way to TEST_DATABASE_URL's server (e.g. through a proxy the test can cut). */
    databaseUrl?: string;
    /** The PostgreSQL pool's size and bounds in ms (default: 5 connections, the app's bounds). */
    pool?: {
      size?: number;
      connectTimeoutMs?: number;
      waitMs?: number;
      /** The client's deadline on a query (a silent network cut) and the server's bound. */
      queryDeadlineMs?: number;
      statementMs?: number;
    };
    /** Free bytes under DATA_DIR as the health check sees them (a full disk). */
    freeBytes?: (dir: string) => Promise<number>;
    /** The cap of connections per address (to count loopback clients, exempt otherwise). */
    connectionCap?: ConnectionCap;
    /** A folder with a (fake) web build to serve pages from; none by default. */
    webRoot?: string;
  } = {},
): Promise<TestApp> {
  const server = options.embedded
    ? undefined
    : (options.databaseUrl ?? process.env.TEST_DATABASE_URL);
  const own = server && options.ownDatabase ? await copiedPostgresDatabase(server) : null;
  const url = own?.url ?? server;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/tmp/aura-test-unused',
    // Every inject comes from one address; tests of the limits themselves set lower values.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_CHECK_RATE_LIMIT_PER_MINUTE: '10000',
    ...options.env,
  });
  const handle = url
    ? await openDatabase({
        kind: 'postgres',
        url,
        poolSize: options.pool?.size ?? 5,
        limits: {
          connectMs: options.pool?.connectTimeoutMs,
          queryDeadlineMs: options.pool?.queryDeadlineMs,
          statementMs: options.pool?.statementMs,
        },
        poolWaitMs: options.pool?.waitMs,
        onQuery: options.onQuery,
      })
    : await openDatabase({
        kind: 'pglite',
        dataDir: null,
        from: await migratedSnapshot(),
        onQuery: options.onQuery,
      });
  const app = await buildApp({
    config,
    db: handle,
    webRoot: options.webRoot ?? null,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    ...(options.freeBytes ? { freeBytes: options.freeBytes } : {}),
    ...(options.connectionCap ? { connectionCap: options.connectionCap } : {}),
    overrides: {
      ...(options.clock ? { clock: options.clock } : {}),
      ...options.overrides,
    },
  });
  const answers = watchDocumentedAnswers(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    tokens: app.container.tokens,
    container: app.container,
    async close() {
      const undocumented = answers.undocumented();
      await app.close();
      await handle.close();
      await own?.drop();
      if (undocumented.length) {
        throw new Error(
          `answers the OpenAPI document does not list (add them to the route's config.openapi.errors): ${undocumented.join(', ')}`,
        );
      }
    },
  };
}

let counter = 0;
/** A name no other test (or earlier run against the same server) has used. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(0, 30);
}
