import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

describe('feed cursor', () => {
  it('round-trips every position', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 9_000_000_000_000_000n }),
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
      'x'.repeat(101),
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
