import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH, passwordShapeProblem, type PasswordFloorProblem } from './password';

let commonPasswords: ReadonlySet<string> | null = null;

/**
 * The most common passwords of zxcvbn-ts's maintained list (about 49,000 from breach corpora),
 * those long enough to pass the length floor; built on first use.
 */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH),
  );
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The whole floor under every password a person sets (issue 18, ASVS 5.0 V6): its shape, then
 * the common-password list. Checked by the server on every path that sets a password; forms
 * check the shape only and show the server's refusal for a common one.
 */
export function passwordFloorProblem(password: string): PasswordFloorProblem | null {
  return passwordShapeProblem(password) ?? (isCommonPassword(password) ? 'passwordCommon' : null);
}
