import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { fail } from '../../http/errors';

/*
 * The hub's lists page by username (any letter case, unique): the cursor is the last
 * username of a page, so the next page starts right after it on the lower(username) index.
 */

export const byUsername: SQL = sql`lower(${users.username})`;

export const encodeNameCursor = (username: string): string =>
  Buffer.from(username.toLowerCase()).toString('base64url');

/** The rows after a cursor; a cursor this server did not write is a 400. */
export function afterNameCursor(cursor: string | undefined): SQL | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const name = /^[A-Za-z0-9_-]{1,200}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  if (name === '' || name.length > 254 || name !== name.toLowerCase()) {
    throw fail('invalid_cursor', undefined, { field: 'cursor' });
  }
  return sql`lower(${users.username}) > ${name}`;
}

/** One page of `limit` rows fetched as `limit + 1`: the rows and the next cursor. */
export function pageOf<T extends { username: string }>(
  rows: T[],
  limit: number,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeNameCursor(last.username) : null };
}
