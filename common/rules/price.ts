/**
 * SPEC §3 feed post price: a euro string like `15,00 €` (comma decimals, dot thousands, a space
 * before the sign). Written by hand rather than with Intl so server and browser give the same
 * text whatever locale data the runtime ships.
 */
export function formatEuroCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole},${fraction} €`;
}

/** Cents to the dollars (or euros) figure the dashboard shows, without float residue. */
export const centsToAmount = (cents: number): number => Math.round(cents) / 100;
