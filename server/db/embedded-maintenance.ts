import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/*
 * PGlite runs PostgreSQL in this process without its background workers, so nothing vacuums or
 * analyzes the embedded database (issue 17). Without ANALYZE a prepared statement keeps the plan
 * made for the tables as they were when the server started (a table that was nearly empty is
 * read whole however much it grows), and without VACUUM dead rows (each job is updated twice,
 * each wallet and counter row once a sale) are never reclaimed. This job does what autovacuum
 * does on a PostgreSQL server, with its default thresholds: a table is analyzed once the rows
 * changed since its last analysis pass 50 + 10% of its rows, and vacuumed once its dead rows
 * pass 50 + 20%, or the rows inserted since its last vacuum pass 1,000 + 20% (a table that only
 * grows, as the ledger and the audit log do, has no dead rows, but until it is vacuumed its
 * pages are not marked all-visible, so an index-only scan still reads the table). ANALYZE
 * invalidates the plans that read the table, so they are made again. Each table's pass is one
 * statement, so requests run between them.
 */

export const EMBEDDED_MAINTENANCE_JOB = 'embedded-maintenance';
/** As often as autovacuum looks at a database (`autovacuum_naptime`). */
export const EMBEDDED_MAINTENANCE_MS = 60_000;

const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_VACUUM_THRESHOLD = 1000;
const INSERT_VACUUM_SCALE = 0.2;

export interface MaintenancePass {
  /** Tables vacuumed (and analyzed with it), as quoted names. */
  vacuumed: string[];
  /** Tables only analyzed. */
  analyzed: string[];
}

/** One pass over the tables whose changes passed autovacuum's thresholds. */
export async function maintainEmbeddedDatabase(db: Database): Promise<MaintenancePass> {
  // reltuples is -1 until a table is first vacuumed or analyzed: it then counts as empty.
  const due = rowsOf<{ name: string; vacuum: boolean; analyze: boolean }>(
    await db.execute(sql`
      select format('%I.%I', s.schemaname, s.relname) as name,
        (s.n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE} * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum >
            ${INSERT_VACUUM_THRESHOLD} + ${INSERT_VACUUM_SCALE} * greatest(c.reltuples, 0))
          as vacuum,
        s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0)
          as analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.relname`),
  );
  const pass: MaintenancePass = { vacuumed: [], analyzed: [] };
  for (const table of due) {
    if (table.vacuum) {
      await db.execute(sql.raw(`vacuum (analyze) ${table.name}`));
      pass.vacuumed.push(table.name);
    } else if (table.analyze) {
      await db.execute(sql.raw(`analyze ${table.name}`));
      pass.analyzed.push(table.name);
    }
  }
  return pass;
}
