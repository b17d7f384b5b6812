import { z } from 'zod';
import { fail } from './errors';

/*
 * The one keyset-cursor codec. A list pages by the position of its last row (a tuple such as
 * `[micros, id]`): the next page starts right after it, so every page costs the same and none
 * skips or repeats a row while rows are added (OFFSET would shift under new rows).
 *
 * Clients see an opaque token (base64url of the tuple as JSON) and only hand it back. What comes
 * back is parsed through the list's own zod schema, so a cursor this server did not write
 * (garbage, a tampered position, another list's cursor) is the catalogue's 400 `invalid_cursor`,
 * never a database error.
 */

/** Longer tokens are refused before decoding (the query schemas allow 200 characters too). */
const MAX_TOKEN_LENGTH = 200;
const TOKEN = /^[A-Za-z0-9_-]+$/;

export interface CursorCodec<T> {
  encode(position: T): string;
  /** The position behind a token; null when the request names none; a 400 for anything else. */
  decode(token: string | undefined): T | null;
  /** The page and the next cursor from `limit + 1` rows fetched in the list's order. */
  page<R>(rows: R[], limit: number, positionOf: (row: R) => T): PageOf<R>;
}

export interface PageOf<R> {
  page: R[];
  nextCursor: string | null;
}

const invalidCursor = () => fail('invalid_cursor', undefined, { field: 'cursor' });

export function cursorCodec<S extends z.ZodType>(schema: S): CursorCodec<z.output<S>> {
  const decode = (token: string | undefined): z.output<S> | null => {
    if (token === undefined) return null;
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !TOKEN.test(token)) {
      throw invalidCursor();
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw invalidCursor();
    return parsed.data;
  };
  const encode = (position: z.output<S>): string =>
    Buffer.from(JSON.stringify(position)).toString('base64url');
  return {
    encode,
    decode,
    page: (rows, limit, positionOf) => {
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        page,
        nextCursor: rows.length > limit && last !== undefined ? encode(positionOf(last)) : null,
      };
    },
  };
}

/** A serial id as a cursor holds it: positive and exact. */
export const serialId = z.int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A timestamp in microseconds since the epoch, as decimal text (PostgreSQL's precision, beyond
 * Number's exact range). Bounded to 17 digits (years -1199 to 5138): PostgreSQL refuses
 * timestamps and intervals far beyond that, and a forged cursor must be a 400.
 */
export const micros = z.string().regex(/^-?\d{1,17}$/);

/** Lists newest first over a serial id alone. */
export const idCursor = cursorCodec(z.tuple([serialId]));

/** Lists ordered by (created_at, id) over a serial id (`server/db/keyset.ts`). */
export const timeIdCursor = cursorCodec(z.tuple([micros, serialId]));

/** Lists ordered by (a timestamp, id) over a uuid. */
export const timeUuidCursor = cursorCodec(z.tuple([micros, z.uuid()]));
