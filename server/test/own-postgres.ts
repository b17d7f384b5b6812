import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migratePostgres, openDatabase, type DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { createMediaUrls } from '../modules/media/index';

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
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const quoted = `"${name.replace(/"/g, '""')}"`;
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
