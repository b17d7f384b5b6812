import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { rowsOf } from './rows';

/** The PostgreSQL server settings the app's performance leans on, as the server reports them. */
export interface ServerSettings {
  autovacuum: string;
}

/**
 * The start log's warnings about the PostgreSQL server's settings (docs/operations.md "Scaling out"). Pure,
 * so each rule is unit-tested; `databaseWarnings` reads the settings.
 */
export function settingWarnings(settings: ServerSettings): string[] {
  const warnings: string[] = [];
  if (settings.autovacuum !== 'on') {
    warnings.push(
      "PostgreSQL runs with autovacuum off: nothing vacuums or analyzes the app's tables, so " +
        'dead rows are never reclaimed and prepared statements keep plans made for the tables as ' +
        'they were. Turn it on (ALTER SYSTEM SET autovacuum = on; SELECT pg_reload_conf();).',
    );
  }
  return warnings;
}

/**
 * None on the embedded database, whose maintenance is a job of the app. A server that will not
 * say (a restricted managed service) gets none either: a warning is no reason to refuse a start.
 */
export async function databaseWarnings(handle: DatabaseHandle): Promise<string[]> {
  if (handle.kind !== 'postgres') return [];
  try {
    const [settings] = rowsOf<ServerSettings>(
      await handle.db.execute(sql`select current_setting('autovacuum') as autovacuum`),
    );
    return settings ? settingWarnings(settings) : [];
  } catch {
    return [];
  }
}
