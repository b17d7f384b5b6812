/** Card number as typed -> digits in groups of 4 ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed -> "MM/YY": the slash is added after the month. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string): string => value.replace(/\D/g, '').slice(0, 4);
