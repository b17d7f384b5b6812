import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../db/client';
import { API_TEST_WORKERS, workerDatabaseUrl } from './workers';

/**
 * With TEST_DATABASE_URL each API test worker has a real PostgreSQL database of its own on that
 * server (`<name>_w1`, `<name>_w2`, ...; worker-setup.ts points the worker at it): created afresh
 * once per run and migrated, then tests isolate themselves by creating their own users and
 * items. The database TEST_DATABASE_URL names is only connected to, to create the others (its
 * user needs the CREATEDB privilege).
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // A `--maxWorkers` given on the command line may ask for more workers than the config (the
  // root config's value is undefined without one, whatever its type says).
  const asked: unknown[] = [project.config.maxWorkers, project.vitest.config.maxWorkers];
  const count = Math.max(
    API_TEST_WORKERS,
    ...asked.filter((n): n is number => typeof n === 'number' && Number.isInteger(n)),
  );
  const workers = Array.from({ length: count }, (_, i) => workerDatabaseUrl(url, i + 1));
  // Each database is labelled with this run, so a test can tell it was made afresh for it.
  const run = `aura api test run ${randomUUID()}`;
  project.provide('apiTestRun', run);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const workerUrl of workers) {
      const name = client.escapeIdentifier(new URL(workerUrl).pathname.slice(1));
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      await client.query(`COMMENT ON DATABASE ${name} IS ${client.escapeLiteral(run)}`);
    }
  } finally {
    await client.end();
  }
  await Promise.all(workers.map((workerUrl) => migratePostgres(workerUrl)));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The label global-setup.ts gave this run's worker databases (TEST_DATABASE_URL only). */
    apiTestRun: string;
  }
}
