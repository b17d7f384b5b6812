/** Integer cents -> the viewer's currency text, e.g. 1500, 'usd' -> "$15.00" (money is cents). */
export function formatMoney(cents: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** SPEC §3/§9: a checkout total is amount_total / 100 with two decimals and the currency upper-cased. */
export function formatCheckoutTotal(amountTotal: number, currency: string): string {
  return `${(amountTotal / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** A date from the API (ISO text) in the viewer's language. */
export function formatDate(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}
