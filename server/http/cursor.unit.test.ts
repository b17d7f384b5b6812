import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cursorCodec,
  idCursor,
  type CursorCodec,
  micros,
  serialId,
  timeIdCursor,
  timeUuidCursor,
} from './cursor';
import { HttpError } from './errors';

const tokenOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(decode: () => unknown): HttpError {
  try {
    decode();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('the cursor was accepted');
}

const expectInvalid = (decode: () => unknown) => {
  const err = refusal(decode);
  expect(err.statusCode).toBe(400);
  expect(err.extra).toMatchObject({ code: 'invalid_cursor', field: 'cursor' });
};

const microsArb = fc.bigInt(-(10n ** 17n) + 1n, 10n ** 17n - 1n).map(String);
const idArb = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('cursorCodec', () => {
  it('gives back every position it encoded, as an opaque url-safe token', () => {
    const roundTrips = <T>(codec: CursorCodec<T>, position: T) => {
      const token = codec.encode(position);
      return (
        /^[A-Za-z0-9_-]{1,200}$/.test(token) && isDeepStrictEqual(codec.decode(token), position)
      );
    };
    fc.assert(fc.property(microsArb, idArb, (m, id) => roundTrips(timeIdCursor, [m, id])));
    fc.assert(fc.property(idArb, (id) => roundTrips(idCursor, [id])));
    fc.assert(fc.property(microsArb, fc.uuid(), (m, id) => roundTrips(timeUuidCursor, [m, id])));
    // Any text survives the trip (within the length a list's schema allows).
    const names = cursorCodec(z.tuple([z.string().min(1).max(100)]));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 4, unit: 'grapheme' }), (name) =>
        roundTrips(names, [name]),
      ),
    );
  });

  it('answers null when no cursor is given', () => {
    expect(timeIdCursor.decode(undefined)).toBeNull();
  });

  it('refuses garbage with the catalogue 400, never an exception of another kind', () => {
    for (const token of ['', '%%', '***', 'A'.repeat(201), 'bm9wZQ', tokenOf({ a: 1 }), '\u0000']) {
      expectInvalid(() => timeIdCursor.decode(token));
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 220 }), (token) => {
        try {
          timeIdCursor.decode(token);
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).extra.code).toBe('invalid_cursor');
        }
      }),
    );
  });

  it('refuses a tampered position that the schema does not hold', () => {
    for (const position of [
      ['1', 0],
      ['1', -1],
      ['1', 1.5],
      ['1', Number.MAX_SAFE_INTEGER + 2],
      ['1', '1'],
      [1, 1],
      ['100000000000000000', 1],
      ['9223372036854775807', 1],
      ['1'],
      ['1', 1, 1],
      null,
    ]) {
      expectInvalid(() => timeIdCursor.decode(tokenOf(position)));
    }
    expectInvalid(() => timeUuidCursor.decode(tokenOf(['1', 'not-a-uuid'])));
    // One list's cursor handed to another is not its position either.
    expectInvalid(() => idCursor.decode(timeIdCursor.encode(['1', 1])));
  });

  it('pages `limit + 1` rows: the next cursor names the last row shown, none at the end', () => {
    const rows = [{ id: 9 }, { id: 7 }, { id: 4 }];
    const full = idCursor.page(rows, 2, (r) => [r.id]);
    expect(full.page).toEqual([{ id: 9 }, { id: 7 }]);
    expect(idCursor.decode(full.nextCursor ?? undefined)).toEqual([7]);
    expect(idCursor.page(rows, 3, (r) => [r.id]).nextCursor).toBeNull();
    expect(idCursor.page([], 3, (r: { id: number }) => [r.id])).toEqual({
      page: [],
      nextCursor: null,
    });
  });

  it('bounds its building blocks where PostgreSQL would fail', () => {
    expect(micros.safeParse('99999999999999999').success).toBe(true);
    expect(micros.safeParse('-99999999999999999').success).toBe(true);
    expect(micros.safeParse('100000000000000000').success).toBe(false);
    expect(serialId.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(serialId.safeParse(0).success).toBe(false);
  });
});
