import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migratePostgres, openDatabase, type DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { createMediaUrls } from '../modules/media/index';
import { templateDatabaseUrl } from './workers';

/**
 * A migrated database of its own on TEST_DATABASE_URL's server (`<worker database>_<suffix>`),
 * opened on one connection: for tests whose outcome follows the whole table's statistics (the
 * plans PostgreSQL keeps for prepared statements), which rows of other test files would move.
 * Prepared statements and their plans belong to a session, hence the one connection.
 */
export async function ownPostgresDatabase(
  serverUrl: string,
  suffix: string,
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  url.pathname = `/${name}`;
  const onServer = (statement: string) => runOnServer(serverUrl, statement);
  const quoted = quoteName(name);
  await onServer(`drop database if exists ${quoted} with (force)`);
  await onServer(`create database ${quoted}`);
  await migratePostgres(url.toString());
  // These databases are seeded with thousands of rows in one statement, which a busy machine may
  // take longer over than a request's statement bound allows.
  const handle = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: 1,
    purpose: 'maintenance',
  });
  return {
    handle,
    async drop() {
      await handle.close();
      await onServer(`drop database if exists ${quoted}`);
    },
  };
}

/** Runs one statement on its own connection to the database `url` names. */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

let copies = 0;
/**
 * A database of its own for one test app on `serverUrl`'s server, a copy of the run's migrated
 * template (global-setup.ts): for tests of rules over every row there is, which the other files
 * of a worker's database add to. Copying takes a fraction of what migrating would.
 */
export async function copiedPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.AURA_TEST_BASE_TEST_DATABASE_URL ?? serverUrl;
  const template = new URL(templateDatabaseUrl(base)).pathname.slice(1);
  copies += 1;
  const url = new URL(serverUrl);
  const name = `${template.replace(/_template$/, '')}_own_${process.pid.toString(36)}_${copies}`;
  url.pathname = `/${name}`;
  await runOnServer(
    serverUrl,
    `create database ${quoteName(name)} template ${quoteName(template)}`,
  );
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `drop database if exists ${quoteName(name)} with (force)`),
  };
}

/** The plans PostgreSQL made for the session's prepared statements named like `pattern`. */
export async function preparedPlans(
  handle: DatabaseHandle,
  pattern: string,
): Promise<{ name: string; genericPlans: number; customPlans: number }[]> {
  const rows = rowsOf<{ name: string; generic_plans: string; custom_plans: string }>(
    await handle.db.execute(
      sql`select name, generic_plans, custom_plans from pg_prepared_statements
          where name like ${pattern}`,
    ),
  );
  return rows.map((r) => ({
    name: r.name,
    genericPlans: Number(r.generic_plans),
    customPlans: Number(r.custom_plans),
  }));
}

/** What a read service needs to be called directly on `handle`: the clock and media URLs. */
export const readDeps = (handle: DatabaseHandle) => ({
  db: handle.db,
  clock: { now: () => new Date() },
  urls: createMediaUrls({ key: randomBytes(32), ttlSeconds: 600, now: () => new Date() }),
});
