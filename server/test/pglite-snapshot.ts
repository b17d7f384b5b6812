import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

let loaded: Promise<Blob> | undefined;

/**
 * The migrated data directory global-setup.ts made for this run (PGlite only): a test app's
 * database loads it instead of creating a cluster and migrating it, most of a small file's time.
 * Each database is still its own copy. Undefined on a PostgreSQL server or outside the API
 * project (no global setup), where the database is made and migrated as the app does it.
 */
export function migratedSnapshot(): Promise<Blob> | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  loaded ??= readFile(file).then((bytes) => new Blob([bytes]));
  return loaded;
}
