/*
 * Money (issue 9): integer cents, one currency per amount, and one formatter for every screen
 * and every server text. Amounts of two currencies are never added together: totals are kept
 * per currency (`MoneyByCurrency`). Amounts travel as cents and a currency; text is made here
 * and nowhere else (a lint rule, eslint-money.js, refuses a second money formatter).
 */

/** Currencies the platform books: items and the wallet in euros, memberships in dollars (SPEC §1, §9). */
export const CURRENCIES = ['eur', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** One amount: cents of one currency. */
export interface Money {
  cents: number;
  currency: Currency;
}

/** Totals kept apart per currency, e.g. `{ eur: 1500, usd: 500 }`. */
export type MoneyByCurrency = Partial<Record<Currency, number>>;

/** Adds `cents` of `currency` to a per-currency total (never across currencies). */
export function addMoney(
  total: MoneyByCurrency,
  currency: Currency,
  cents: number,
): MoneyByCurrency {
  return { ...total, [currency]: (total[currency] ?? 0) + cents };
}

/** The per-currency totals as a list, largest currency code order (eur before usd). */
export const moneyList = (totals: MoneyByCurrency): Money[] =>
  CURRENCIES.filter((c) => totals[c] !== undefined).map((currency) => ({
    currency,
    cents: totals[currency] ?? 0,
  }));

/**
 * The one money formatter: `Intl.NumberFormat` in the reader's language, so `1500, 'eur'` is
 * "€15.00" in English and "15,00 €" in Spanish and German, the same way on every screen.
 */
export function formatMoney(cents: number, currency: string, locale = 'en'): string {
  return moneyFormatter(locale, currency.toUpperCase()).format(Math.round(cents) / 100);
}

/**
 * SPEC §3's `price` string of a feed post or product ("15,00 €"): the one formatter in the
 * SPEC's own form (German: comma decimals, the sign after a no-break space), whoever reads it.
 * Screens never show it: they format `priceCents` in the reader's language.
 */
export const specPriceText = (cents: number, currency: string): string =>
  formatMoney(cents, currency, SPEC_PRICE_LOCALE);

const SPEC_PRICE_LOCALE = 'de';

/**
 * Cents as a plain decimal number for machines and form fields ("12.34", "-0.05"): CSV exports,
 * the SPEC's numeric strings, an edit form's starting value. Never localized, no currency sign.
 */
export function centsToDecimalString(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${fraction}`;
}

/** Cents as the number of whole units the SPEC's numeric fields carry (1999 -> 19.99). */
export const centsToAmount = (cents: number): number => Math.round(cents) / 100;

/**
 * Amounts in an error's params (common/errors.ts): the English text for the server's `error`,
 * with the cents and currency beside it (`priceCents`, `priceCurrency`) so the reader's screen
 * writes the same amount in its own language (`localizeMoneyParams`), never reading text back.
 */
export function moneyParams(
  amounts: Record<string, number>,
  currency: string,
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [name, cents] of Object.entries(amounts)) {
    params[name] = formatMoney(cents, currency);
    params[`${name}Cents`] = cents;
    params[`${name}Currency`] = currency;
  }
  return params;
}

/** An error's params with every amount `moneyParams` made rewritten in `locale`. */
export function localizeMoneyParams<P extends Record<string, string | number>>(
  params: P,
  locale: string,
): P {
  const out: Record<string, string | number> = { ...params };
  for (const name of Object.keys(params)) {
    const cents = params[`${name}Cents`];
    const currency = params[`${name}Currency`];
    if (typeof cents === 'number' && typeof currency === 'string' && isCurrency(currency)) {
      out[name] = formatMoney(cents, currency, locale);
    }
  }
  return out as P;
}

// Building a formatter costs about 40 times what formatting with it does (ICU loads the
// locale's data), and a page or a mail formats many amounts in few locales and currencies.
const formatters = new Map<string, Intl.NumberFormat>();
const MAX_FORMATTERS = 64;

function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}
