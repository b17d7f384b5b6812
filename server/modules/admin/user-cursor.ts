import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Keyset cursor of the admin users list, newest registration first over (registered_at, id),
 * the users_registered_idx order. Timestamps travel in microseconds (PostgreSQL's precision; a
 * JS Date would round to milliseconds and could skip or repeat users registered together).
 */

export interface UserPosition {
  /** Microseconds since the epoch, as decimal text. */
  micros: string;
  id: string;
}

export const encodeUserCursor = (p: UserPosition): string =>
  Buffer.from(`${p.micros}.${p.id}`).toString('base64url');

/** null for anything that is not a cursor this server wrote. */
export function decodeUserCursor(cursor: string): UserPosition | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return null;
  const match =
    /^(-?\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      Buffer.from(cursor, 'base64url').toString(),
    );
  return match?.[1] && match[2] ? { micros: match[1], id: match[2] } : null;
}

export const microsOf = (column: AnyColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** Rows after the position, newest first: a row comparison the index can seek to. */
export const registeredBefore = (registeredAt: AnyColumn, id: AnyColumn, p: UserPosition): SQL =>
  sql`(${registeredAt}, ${id}) < (timestamptz 'epoch' + ${p.micros}::bigint * interval '1 microsecond', ${p.id}::uuid)`;

/** Spelled like the index (NULLS LAST), so PostgreSQL reads it in order instead of sorting. */
export const newestRegisteredFirst = (registeredAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${registeredAt} desc nulls last`,
  sql`${id} desc nulls last`,
];
