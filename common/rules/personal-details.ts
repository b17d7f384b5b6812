/*
 * Account settings rules (issue 12): the personal fields a person fills in themselves, bounded,
 * so profileCompletion can reach 100%. The account form and the server apply the same rules.
 */

export const PERSONAL_TEXT_MAX = {
  givenName: 60,
  familyName: 60,
  displayName: 60,
  location: 100,
  gender: 40,
  bio: 1000,
  phoneNumber: 32,
} as const;

/** Message keys of the account settings, answered in `error` with `field`. */
export const ACCOUNT_SETTINGS_MESSAGES = [
  'invalidBirthDate',
  'invalidPhone',
  'wrongPassword',
  'noPasswordSet',
  'sameEmail',
  // The deletion form's confirmation box (the form's own rule).
  'confirmRequired',
] as const;
export type AccountSettingsMessage = (typeof ACCOUNT_SETTINGS_MESSAGES)[number];

export const isAccountSettingsMessage = (value: string): value is AccountSettingsMessage =>
  (ACCOUNT_SETTINGS_MESSAGES as readonly string[]).includes(value);

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST_BIRTH_DATE = '1900-01-01';

/** A calendar date (YYYY-MM-DD) from 1900 up to `today`: nobody is born tomorrow. */
export function isValidBirthDate(value: string, today: Date): boolean {
  if (!BIRTH_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= EARLIEST_BIRTH_DATE && value <= today.toISOString().slice(0, 10);
}

/** A phone number as people write it: digits with an optional leading +, spaces, dots, dashes, brackets. */
export const isValidPhoneNumber = (value: string): boolean =>
  value.length <= PERSONAL_TEXT_MAX.phoneNumber &&
  /^\+?[0-9 ()./-]+$/.test(value) &&
  (value.match(/\d/g) ?? []).length >= 3;
