import { describe, expect, it } from 'vitest';
import { discountedCents, DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from './discounts';

const percent = (percentOff: number) =>
  ({ percentOff, amountOffCents: null, currency: null }) as const;
const amount = (amountOffCents: number, currency: 'eur' | 'usd') =>
  ({ percentOff: null, amountOffCents, currency }) as const;

describe('discountedCents (issue 43)', () => {
  it('rounds a percentage down to whole cents of discount', () => {
    expect(discountedCents(1999, 'eur', percent(30))).toBe(1400); // 5.997 off -> 5.99
    expect(discountedCents(999, 'eur', percent(10))).toBe(900); // 0.999 off -> 0.99
    expect(discountedCents(1000, 'eur', percent(25))).toBe(750);
  });

  it('never charges below the smallest card payment, nor more than the price', () => {
    expect(discountedCents(1000, 'eur', percent(100))).toBe(50);
    expect(discountedCents(500, 'eur', amount(2000, 'eur'))).toBe(50);
    // A price already below 0.50 stays what it was.
    expect(discountedCents(30, 'eur', percent(50))).toBe(30);
  });

  it('takes an amount off only a price in its own currency', () => {
    expect(discountedCents(500, 'usd', amount(100, 'usd'))).toBe(400);
    expect(discountedCents(500, 'usd', amount(100, 'eur'))).toBeNull();
  });
});

describe('codes', () => {
  it('compare without case and allow letters, digits, - and _ (3 to 32)', () => {
    expect(normalizeDiscountCode(' spring-24 ')).toBe('SPRING-24');
    for (const ok of ['ABC', 'a_b-c', 'x'.repeat(32)]) {
      expect(DISCOUNT_CODE_PATTERN.test(ok)).toBe(true);
    }
    for (const bad of ['ab', 'x'.repeat(33), 'has space', 'ÄPFEL', 'semi;colon']) {
      expect(DISCOUNT_CODE_PATTERN.test(bad)).toBe(false);
    }
  });
});
