import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it("writes an amount in the reader's language and the amount's currency", () => {
    expect(formatMoney(1500, 'eur')).toBe('€15.00');
    expect(formatMoney(1500, 'eur', 'es')).toBe('15,00\u00a0€');
    expect(formatMoney(1500, 'usd', 'de')).toBe('15,00\u00a0$');
    expect(formatMoney(500, 'usd')).toBe('$5.00');
  });

  it('gives what a new Intl.NumberFormat gives, whatever was formatted before', () => {
    const locales = ['en', 'es', 'de'] as const;
    const currencies = ['eur', 'usd'] as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
            locale: fc.constantFrom(...locales),
            currency: fc.constantFrom(...currencies),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (amounts) => {
          for (const { cents, locale, currency } of amounts) {
            const fresh = new Intl.NumberFormat(locale, {
              style: 'currency',
              currency: currency.toUpperCase(),
            }).format(cents / 100);
            expect(formatMoney(cents, currency, locale)).toBe(fresh);
          }
        },
      ),
    );
  });

  it('refuses a currency that is not one', () => {
    expect(() => formatMoney(100, 'euros')).toThrow(RangeError);
    expect(formatMoney(100, 'eur')).toBe('€1.00');
  });
});
