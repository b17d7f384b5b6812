import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index';
import { cursorCodec, type PageOf } from '../../http/cursor';

/*
 * The hub's lists page by username (any letter case, unique): the cursor is the last
 * username of a page, so the next page starts right after it on the lower(username) index.
 */

export const byUsername: SQL = sql`lower(${users.username})`;

const nameCursor = cursorCodec(
  z.tuple([
    z
      .string()
      .min(1)
      .max(254)
      .refine((name) => name === name.toLowerCase()),
  ]),
);

/** The rows after a cursor; a cursor this server did not write is a 400. */
export function afterNameCursor(cursor: string | undefined): SQL | undefined {
  const after = nameCursor.decode(cursor);
  return after ? sql`lower(${users.username}) > ${after[0]}` : undefined;
}

/** One page of `limit` rows fetched as `limit + 1`: the rows and the next cursor. */
export const pageOf = <T extends { username: string }>(rows: T[], limit: number): PageOf<T> =>
  nameCursor.page(rows, limit, (row) => [row.username.toLowerCase()]);
