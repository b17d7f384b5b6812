import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column IN ('a', 'b')` for a CHECK constraint, from the constant list in common/ that the
 * TypeScript type is derived from: the database and the code name the same values.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[\w.-]+$/.test(value)) throw new Error(`not a plain constant: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}
