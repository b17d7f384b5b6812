import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './keyset';

describe('feed cursor', () => {
  it('round-trips every position', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (micros, id) => {
          const p = { micros: micros.toString(), id };
          expect(decodeCursor(encodeCursor(p))).toEqual(p);
        },
      ),
    );
  });

  it('refuses anything it did not write', () => {
    for (const bad of [
      '',
      'abc',
      '!!!',
      Buffer.from('1.0').toString('base64url'),
      Buffer.from('1.1; drop table items').toString('base64url'),
      // Beyond what PostgreSQL can turn into a timestamp: refused here, not by the database.
      Buffer.from('100000000000000000.1').toString('base64url'),
      Buffer.from('-9223372036854775808.1').toString('base64url'),
      Buffer.from('9999999999999999999.1').toString('base64url'),
      'x'.repeat(101),
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
