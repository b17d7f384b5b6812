import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from './client';
import { withCompiledRows } from './row-mapper';

/**
 * A statement prepared once per database handle and shape (issue 17): drizzle builds its SQL on
 * first use and later requests only bind their values, and its rows are mapped by a mapper
 * compiled for it (`withCompiledRows`). Keyed by handle, because a prepared statement belongs to
 * the handle that prepared it (tests open many).
 */
export function preparedPerShape<Shape extends string, Statement>(
  build: (db: Database, shape: Shape) => Statement,
): (db: Database, shape: Shape) => Statement {
  const byHandle = new WeakMap<Database, Map<Shape, Statement>>();
  return (db, shape) => {
    let byShape = byHandle.get(db);
    if (!byShape) byHandle.set(db, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) byShape.set(shape, (statement = withCompiledRows(build(db, shape))));
    return statement;
  };
}

// Names of the texts executePrepared has seen, the same on every connection and handle.
const statementNames = new Map<string, string>();

/**
 * Runs a statement built per request as a named prepared statement (issue 17): PostgreSQL parses
 * and plans its text once per connection, and later runs only bind values (planning a sale's
 * statement took about 0.4 ms, half its execution). Only for statements whose text comes in a
 * few shapes (no lists of varying length): each text stays prepared on every connection that
 * ran it.
 */
export function executePrepared(db: Db, statement: SQL): Promise<unknown> {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const query = dialect.sqlToQuery(statement);
  let name = statementNames.get(query.sql);
  if (!name) statementNames.set(query.sql, (name = `aura_${statementNames.size + 1}`));
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}

/**
 * A page's LIMIT written into a prepared statement's text instead of bound (issue 17).
 * PostgreSQL's generic plan, the one it keeps after five runs of a prepared statement, guesses a
 * bound LIMIT at a tenth of the rows; against the plan for the actual number it always lost, so
 * the feed's statement was planned again on every page (0.6 ms of its 1.4 ms in the database).
 */
export function writtenLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`limit ${rows}`);
  // drizzle's types take a number or a placeholder; any SQL part is written as it is.
  return sql.raw(String(rows)) as unknown as number;
}
