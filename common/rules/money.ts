/*
 * Money (issue 9): integer cents, one currency per amount, and one formatter for every screen
 * and every server text. Amounts of two currencies are never added together: totals are kept
 * per currency (`MoneyByCurrency`).
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
