import { Column, is, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** A statement's text and values, as the drivers take them. */
export interface CompiledSql {
  sql: string;
  params: unknown[];
}

type Fallback = (statement: SQL) => CompiledSql;

/** Whether drizzle would inline the values of this part (`inlineParams()`; private in its types). */
const inlines = (statement: SQL) =>
  (statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/** drizzle's own compiler, whatever the dialect's `sqlToQuery` has become. */
const drizzleOf =
  (dialect: PgDialect): Fallback =>
  (statement) =>
    PgDialect.prototype.sqlToQuery.call(dialect, statement);

/** Tables' and columns' names, each rendered once by drizzle itself (they are singletons). */
const identifiers = new WeakMap<PgDialect, WeakMap<object, string>>();

function identifier(dialect: PgDialect, chunk: Column | Table, drizzle: Fallback): string {
  let known = identifiers.get(dialect);
  if (!known) identifiers.set(dialect, (known = new WeakMap()));
  let text = known.get(chunk);
  if (text === undefined) known.set(chunk, (text = drizzle(new SQL([chunk])).sql));
  return text;
}

function bind(dialect: PgDialect, out: CompiledSql, value: unknown): void {
  out.sql += dialect.escapeParam(out.params.length);
  out.params.push(value);
}

// Functions are not: drizzle renders a PostgreSQL enum (a function) as its name.
const isPrimitive = (value: unknown) => typeof value !== 'object' && typeof value !== 'function';

/** Appends the chunks to `out`; false on a kind of chunk it leaves to drizzle. */
function walk(
  dialect: PgDialect,
  chunks: readonly unknown[],
  out: CompiledSql,
  drizzle: Fallback,
): boolean {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const text = chunk.value;
      out.sql += text.length === 1 ? text[0] : text.join('');
    } else if (chunk instanceof SQL) {
      if (inlines(chunk) || !walk(dialect, chunk.queryChunks, out, drizzle)) return false;
    } else if (chunk instanceof Param) {
      const { value } = chunk;
      if (is(value, Placeholder)) return false;
      const mapped: unknown = value === null ? null : chunk.encoder.mapToDriverValue(value);
      if (is(mapped, SQL)) return false;
      bind(dialect, out, mapped);
    } else if (chunk === undefined) {
      continue;
    } else if (chunk === null || chunk instanceof Date || isPrimitive(chunk)) {
      bind(dialect, out, chunk);
    } else if (chunk instanceof Column || chunk instanceof Table) {
      out.sql += identifier(dialect, chunk, drizzle);
    } else if (chunk instanceof Name) {
      out.sql += dialect.escapeName(chunk.value);
    } else if (Array.isArray(chunk)) {
      out.sql += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) out.sql += ', ';
        if (!walk(dialect, [chunk[i]], out, drizzle)) return false;
      }
      out.sql += ')';
    } else {
      return false;
    }
  }
  return true;
}

/**
 * drizzle's `sqlToQuery`, the same text and values, in one pass (issue 17). drizzle tests every
 * chunk against a dozen entity kinds up its prototype chain and merges each nested part's
 * arrays into its parent's: a sale's statement took about 160 µs, a tenth of the server's time
 * per purchase, and about 10 µs this way. This walks the common kinds (text, nested SQL, values, tables,
 * columns, names, lists) and hands any other statement to drizzle whole (aliases, subqueries,
 * views, placeholders, inlined values).
 */
export function compileSql(
  dialect: PgDialect,
  statement: SQL,
  drizzle: Fallback = drizzleOf(dialect),
): CompiledSql {
  const out: CompiledSql = { sql: '', params: [] };
  if (!inlines(statement) && walk(dialect, statement.queryChunks, out, drizzle)) {
    return out;
  }
  const { sql, params } = drizzle(statement);
  return { sql, params };
}

/**
 * Every statement of the handle is compiled by compileSql: drizzle's builders, `execute` and
 * transactions all call their dialect's `sqlToQuery`, one object per handle. The drivers read
 * only the text and values (drizzle's `typings` serve its AWS Data API driver); calls for
 * another purpose (`invokeSource`, drizzle-kit's indexes) stay drizzle's.
 */
export function withFastCompile(db: Database): Database {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const drizzle = drizzleOf(dialect);
  dialect.sqlToQuery = (statement, invokeSource) =>
    invokeSource === undefined
      ? compileSql(dialect, statement, drizzle)
      : PgDialect.prototype.sqlToQuery.call(dialect, statement, invokeSource);
  return db;
}
