/*
 * Payout settings (issue 15): the rules the server enforces and the edit dialog shows, in one
 * place. SPEC §4 says the dialog has no field validation; that is a weakness, so the server
 * checks every field (docs/deviations.md).
 */

/** SPEC §3 payout statuses; SPEC §4 badges: active success, pending warning, inactive secondary. */
export const PAYOUT_STATUSES = ['active', 'pending', 'inactive'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** SPEC §9: payouts are made in US dollars only. */
export const PAYOUT_CURRENCIES = ['usd'] as const;
export type PayoutCurrency = (typeof PAYOUT_CURRENCIES)[number];
export const PAYOUT_CURRENCY: PayoutCurrency = 'usd';

/** An account number: 4 to 34 letters and digits (34 is the longest IBAN). */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9]{4,34}$/;
/** An ABA routing number: exactly 9 digits (its checksum is checked by isAbaRoutingNumber). */
export const ROUTING_NUMBER_PATTERN = /^\d{9}$/;

export const PAYMENT_METHOD_MAX = 100;
export const BANK_NAME_MAX = 100;

/**
 * The ABA checksum: 3 × (d1 + d4 + d7) + 7 × (d2 + d5 + d8) + (d3 + d6 + d9) is a multiple of 10,
 * so one mistyped digit or most swapped neighbours are caught before money goes astray.
 */
export function isAbaRoutingNumber(value: string): boolean {
  if (!ROUTING_NUMBER_PATTERN.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The only part of a stored number any answer shows: its last four characters. */
export function maskNumber(value: string): string {
  return `****${value.slice(-4)}`;
}

/** SPEC §4 payout status badge colours (Bootstrap variants). */
export function payoutStatusVariant(status: string): string {
  switch (status) {
    case 'active':
      return 'success';
    case 'pending':
      return 'warning';
    default:
      return 'secondary';
  }
}

/** The fields a payout edit may change; audit events name these, never their values. */
export const PAYOUT_FIELDS = [
  'paymentMethod',
  'bankName',
  'accountNumber',
  'routingNumber',
  'currency',
  'status',
  'autoPayout',
] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
