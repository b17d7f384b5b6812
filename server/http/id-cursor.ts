/*
 * Keyset cursors over a serial id (newest first): the next page starts below the last id seen,
 * so paging costs the same on every page and never skips or repeats a row, even while rows are
 * added (OFFSET would shift under new rows). Opaque to clients: base64url of `id:<n>`.
 */

export const encodeIdCursor = (id: number): string => Buffer.from(`id:${id}`).toString('base64url');

/** The id behind a cursor this server wrote; null for anything else (a 400 for the caller). */
export function decodeIdCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  const match = /^id:([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** The page and the next cursor from `limit + 1` rows fetched newest first. */
export function idPage<T>(rows: T[], limit: number, idOf: (row: T) => number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeIdCursor(idOf(last)) : null,
  };
}
