import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Keyset cursors over (created_at, id): OFFSET reads and throws away every row before the page,
 * so page 1,000 would cost a thousand pages; a keyset seeks straight into the index.
 * created_at is kept in microseconds (PostgreSQL's precision; a JS Date would round it to
 * milliseconds and could skip or repeat rows that share a millisecond).
 */

export interface KeysetPosition {
  /** Microseconds since the epoch, as decimal text (beyond Number's exact range). */
  micros: string;
  id: number;
}

/** Opaque to clients: base64url of `micros.id`. */
export const encodeCursor = (p: KeysetPosition) =>
  Buffer.from(`${p.micros}.${p.id}`).toString('base64url');

/**
 * null for anything that is not a cursor this server wrote. Microseconds stay below 10^17
 * (years -1199 to 5138): PostgreSQL refuses timestamps and intervals far beyond that, and a
 * forged cursor must be a 400, not a database error.
 */
export function decodeCursor(cursor: string): KeysetPosition | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return null;
  const match = /^(-?\d{1,17})\.([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { micros: match[1], id } : null;
}

/** The column as exact microseconds, to put into the next cursor. */
export const microsOf = (column: AnyColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

const timestampOf = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** Rows after the position in newest-first order; a row comparison the index can seek to. */
export const olderThan = (createdAt: AnyColumn, id: AnyColumn, p: KeysetPosition): SQL =>
  sql`(${createdAt}, ${id}) < (${timestampOf(p.micros)}, ${p.id})`;

/**
 * `olderThan` for a prepared statement: the position comes in the placeholders `afterMicros`
 * (microseconds as decimal text) and `afterId`.
 */
export const olderThanPlaceholders = (createdAt: AnyColumn, id: AnyColumn): SQL =>
  sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${sql.placeholder('afterMicros')}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')}::bigint)`;

/** Rows after the position in oldest-first order. */
export const newerThan = (createdAt: AnyColumn, id: AnyColumn, p: KeysetPosition): SQL =>
  sql`(${createdAt}, ${id}) > (${timestampOf(p.micros)}, ${p.id})`;

/**
 * Newest first, spelled exactly like the (created_at desc, id desc) indexes: drizzle writes them
 * NULLS LAST, while a bare DESC means NULLS FIRST, and PostgreSQL would then sort every row
 * instead of reading the index in order.
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];
