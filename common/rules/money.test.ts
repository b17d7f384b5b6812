import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePriceToCents } from '../schemas/billing';
import {
  centsToAmount,
  centsToDecimalString,
  formatMoney,
  localizeMoneyParams,
  moneyParams,
  specPriceText,
} from './money';

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

describe('specPriceText', () => {
  it("writes SPEC §3's price string with the one formatter, whatever the reader's language", () => {
    expect(specPriceText(1500, 'eur')).toBe('15,00\u00a0€');
    expect(specPriceText(999, 'eur')).toBe('9,99\u00a0€');
    expect(specPriceText(123456, 'eur')).toBe('1.234,56\u00a0€');
    expect(specPriceText(450, 'eur')).toBe(formatMoney(450, 'eur', 'de'));
  });

  it('reads back to the same cents for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        const text = specPriceText(cents, 'eur').replace(/\./g, '');
        expect(parsePriceToCents(text)).toBe(cents);
      }),
    );
  });
});

describe('centsToDecimalString', () => {
  it('writes a plain decimal number for machines', () => {
    expect(centsToDecimalString(1234)).toBe('12.34');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(-250)).toBe('-2.50');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(123456789)).toBe('1234567.89');
  });

  it('agrees with the number of units for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(Number(centsToDecimalString(cents))).toBe(centsToAmount(cents));
      }),
    );
  });
});

describe('moneyParams and localizeMoneyParams', () => {
  it("carry an error's amounts so every language writes them in its own format", () => {
    const params = { ...moneyParams({ price: 450, balance: 150 }, 'eur'), tier: 'Hypr' };
    expect(params).toMatchObject({ price: '€4.50', balance: '€1.50', tier: 'Hypr' });
    expect(localizeMoneyParams(params, 'de')).toMatchObject({
      price: '4,50\u00a0€',
      balance: '1,50\u00a0€',
      tier: 'Hypr',
    });
    expect(localizeMoneyParams(params, 'en')).toEqual(params);
  });

  it('leaves params that are not amounts as they are', () => {
    const params = { price: '9,99 €', priceCents: 'x', count: 3 };
    expect(localizeMoneyParams(params, 'es')).toEqual(params);
  });
});
