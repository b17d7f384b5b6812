import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platformFee } from './ledger';

describe('platformFee', () => {
  it('keeps the default 10% rounded to the cent', () => {
    expect(platformFee(999, 10)).toBe(100);
    expect(platformFee(500, 10)).toBe(50);
    expect(platformFee(1500, 10)).toBe(150);
    expect(platformFee(5, 10)).toBe(1);
    expect(platformFee(4, 10)).toBe(0);
  });

  it('splits every amount into fee and creator share without losing a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (gross, percent) => {
          const fee = platformFee(gross, percent);
          expect(Number.isInteger(fee)).toBe(true);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(fee).toBeLessThanOrEqual(gross);
          expect(Math.abs(fee - (gross * percent) / 100)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
    expect(platformFee(1234, 0)).toBe(0);
    expect(platformFee(1234, 100)).toBe(1234);
  });
});
