import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePriceToCents } from '../schemas/billing';
import { centsToAmount, formatEuroCents } from './price';

describe('formatEuroCents', () => {
  it('writes the SPEC §3 euro string', () => {
    expect(formatEuroCents(1500)).toBe('15,00 €');
    expect(formatEuroCents(999)).toBe('9,99 €');
    expect(formatEuroCents(0)).toBe('0,00 €');
    expect(formatEuroCents(5)).toBe('0,05 €');
    expect(formatEuroCents(123456)).toBe('1.234,56 €');
    expect(formatEuroCents(100000000)).toBe('1.000.000,00 €');
    expect(formatEuroCents(-250)).toBe('-2,50 €');
  });

  it('reads back to the same cents for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        const text = formatEuroCents(cents).replace(/\./g, '');
        expect(parsePriceToCents(text)).toBe(cents);
      }),
    );
  });
});

describe('centsToAmount', () => {
  it('gives two-decimal amounts without float residue', () => {
    expect(centsToAmount(1999)).toBe(19.99);
    expect(centsToAmount(10)).toBe(0.1);
    expect(centsToAmount(0)).toBe(0);
  });
});
