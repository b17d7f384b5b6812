import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Keyset cursors over (created_at, id): OFFSET reads and throws away every row before the page,
 * so page 1,000 would cost a thousand pages; a keyset seeks straight into the index.
 * created_at is kept in microseconds (PostgreSQL's precision; a JS Date would round it to
 * milliseconds and could skip or repeat rows that share a millisecond).
 */

/**
 * A position as `timeIdCursor` (server/http/cursor.ts) carries it: microseconds since the epoch
 * as decimal text (beyond Number's exact range), then the id.
 */
export type KeysetPosition = readonly [micros: string, id: number];

/** The column as exact microseconds, to put into the next cursor. */
export const microsOf = (column: AnyColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

const timestampOf = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** Rows after the position in newest-first order; a row comparison the index can seek to. */
export const olderThan = (createdAt: AnyColumn, id: AnyColumn, [micros, at]: KeysetPosition): SQL =>
  sql`(${createdAt}, ${id}) < (${timestampOf(micros)}, ${at})`;

/**
 * `olderThan` for a prepared statement: the position comes in the placeholders `afterMicros`
 * (microseconds as decimal text) and `afterId`.
 */
export const olderThanPlaceholders = (createdAt: AnyColumn, id: AnyColumn): SQL =>
  sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${sql.placeholder('afterMicros')}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')}::bigint)`;

/** Rows after the position in oldest-first order. */
export const newerThan = (createdAt: AnyColumn, id: AnyColumn, [micros, at]: KeysetPosition): SQL =>
  sql`(${createdAt}, ${id}) > (${timestampOf(micros)}, ${at})`;

/**
 * Newest first, spelled exactly like the (created_at desc, id desc) indexes: drizzle writes them
 * NULLS LAST, while a bare DESC means NULLS FIRST, and PostgreSQL would then sort every row
 * instead of reading the index in order.
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];
