/** SPEC §5/§9 account rules, applied by the forms and by the server alike. */
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const LOGIN_IDENTIFIER_MIN_LENGTH = 3;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** Longer passwords only cost hashing time; argon2 needs no more. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
/** A standard email pattern: local part, @, a domain with at least one dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** SPEC §5 message keys the forms show and the server answers in `error`. */
export type AccountMessageKey =
  | 'usernameTooShort'
  | 'usernameInvalidCharacters'
  | 'usernameTaken'
  | 'usernameAvailable'
  | 'emailInvalid'
  | 'emailTaken'
  | 'emailAvailable'
  | 'passwordMismatch'
  | 'passwordWeakAccept'
  | 'newsletterRequired'
  | 'termsRequired';

/** The first SPEC §5 rule a username breaks, or null. */
export function usernameProblem(
  username: string,
): 'usernameTooShort' | 'usernameInvalidCharacters' | null {
  if (username.length < USERNAME_MIN_LENGTH) return 'usernameTooShort';
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) {
    return 'usernameInvalidCharacters';
  }
  return null;
}

export const isValidEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);

/** SPEC §5: an identifier with @ is sent as email, otherwise as username. */
export function loginIdentifierField(identifier: string): 'email' | 'username' {
  return identifier.includes('@') ? 'email' : 'username';
}
