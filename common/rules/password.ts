/** SPEC §5/§9 password strength: weights 20/20/20/40, length criterion 8, thresholds 50 and 75. */
export const PASSWORD_WEIGHTS = { length: 20, digit: 20, letter: 20, special: 40 } as const;
export const PASSWORD_LENGTH_CRITERION = 8;
export const WEAK_PASSWORD_THRESHOLD = 50;
export const MEDIUM_PASSWORD_THRESHOLD = 75;

/** Score from 0 to 100 (SPEC §5); never throws, whatever the string. */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= PASSWORD_LENGTH_CRITERION) score += PASSWORD_WEIGHTS.length;
  if (/\d/.test(password)) score += PASSWORD_WEIGHTS.digit;
  if (/\p{L}/u.test(password)) score += PASSWORD_WEIGHTS.letter;
  // Anything that is not a letter, a digit or white space counts as special.
  if (/[^\p{L}\d\s]/u.test(password)) score += PASSWORD_WEIGHTS.special;
  return score;
}

export const isWeakPassword = (password: string): boolean =>
  passwordStrength(password) < WEAK_PASSWORD_THRESHOLD;

/** SPEC §5 strength bar colour: danger below 50, warning below 75, else success. */
export function strengthVariant(score: number): 'danger' | 'warning' | 'success' {
  if (score < WEAK_PASSWORD_THRESHOLD) return 'danger';
  if (score < MEDIUM_PASSWORD_THRESHOLD) return 'warning';
  return 'success';
}

/** The floor under every password a person sets (ASVS 5.0 V6), whatever its SPEC §5 score. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordFloorProblem = 'passwordFloorLength' | 'passwordCommon';

/**
 * Issue 18: every path that sets a password refuses one under 8 characters (counted as
 * characters, not UTF-16 units) or one character repeated. Null when it passes. This is the part
 * of the floor a form checks as one types; the server also refuses the most common passwords
 * (`passwordFloorProblem` in common-passwords.ts, whose list is too big for the page's code).
 * The SPEC §5 strength rules (score, bar, weak-password acceptance) apply above this floor.
 */
export function passwordShapeProblem(password: string): PasswordFloorProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'passwordFloorLength';
  // One character repeated is as guessable as the list's entries, at any length.
  if (new Set(password).size === 1) return 'passwordCommon';
  return null;
}
