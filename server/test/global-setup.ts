import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres, openDatabase } from '../db/client';
import { API_TEST_WORKERS, templateDatabaseUrl, workerDatabaseUrl } from './workers';

/**
 * Without TEST_DATABASE_URL every test app has an in-memory PGlite of its own; creating a cluster
 * and migrating it is most of a small file's time, so it is done once here and each database
 * loads a copy of the result (pglite-snapshot.ts).
 *
 * With TEST_DATABASE_URL each API test worker has a real PostgreSQL database of its own on that
 * server (`<name>_w1`, `<name>_w2`, ...; worker-setup.ts points the worker at it): created afresh
 * once per run and migrated, then tests isolate themselves by creating their own users and
 * items. A test that needs a database of its own gets a copy of one more, `<name>_template`,
 * migrated here too (own-postgres.ts). The database TEST_DATABASE_URL names is only connected to, to create the others (its
 * user needs the CREATEDB privilege).
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  // Each database is labelled with this run, so a test can tell it was made afresh for it.
  const run = `aura api test run ${randomUUID()}`;
  project.provide('apiTestRun', run);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return makePgliteSnapshot(project, run);
  // A `--maxWorkers` given on the command line may ask for more workers than the config (the
  // root config's value is undefined without one, whatever its type says).
  const asked: unknown[] = [project.config.maxWorkers, project.vitest.config.maxWorkers];
  const count = Math.max(
    API_TEST_WORKERS,
    ...asked.filter((n): n is number => typeof n === 'number' && Number.isInteger(n)),
  );
  const workers = Array.from({ length: count }, (_, i) => workerDatabaseUrl(url, i + 1));
  const databases = [...workers, templateDatabaseUrl(url)];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const workerUrl of databases) {
      const name = client.escapeIdentifier(new URL(workerUrl).pathname.slice(1));
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      await client.query(`COMMENT ON DATABASE ${name} IS ${client.escapeLiteral(run)}`);
    }
    // Copies of the template an interrupted earlier run could not drop (own-postgres.ts).
    const base = new URL(url).pathname.slice(1).replace(/[\\_%]/g, '\\$&');
    const copies = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${base}\\_own\\_%`],
    );
    for (const { datname } of copies.rows) {
      await client.query(
        `DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`,
      );
    }
  } finally {
    await client.end();
  }
  await Promise.all(databases.map((databaseUrl) => migratePostgres(databaseUrl)));
  return undefined;
}

/** A migrated embedded database, labelled `run`, as a file; the answer removes it. */
async function makePgliteSnapshot(project: TestProject, run: string): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'aura-api-test-'));
  const file = path.join(folder, 'migrated-pglite.tar');
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await handle.db.execute(sql.raw(`COMMENT ON DATABASE postgres IS '${run}'`));
    await writeFile(file, await handle.dumpDataDir!());
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The label global-setup.ts gave this run's databases (worker databases or the snapshot). */
    apiTestRun: string;
    /** The migrated PGlite data directory's tar (without TEST_DATABASE_URL only). */
    pgliteSnapshot?: string;
  }
}
