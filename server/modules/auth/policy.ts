import type { UserStatus } from '../../../common/schemas/users';

/** Failed sign-ins in a row an account may have before each further try must wait. */
export const LOGIN_FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;

/**
 * When the next password of an account may be checked, or null for now (issue 3: repeated
 * failures are slowed). From the fifth failure in a row the wait doubles with each further
 * failure: 30 s, 1 min, 2 min ... up to 15 min. A success resets the count.
 */
export function loginRetryAt(failedLogins: number, lastFailedLoginAt: Date | null): Date | null {
  if (failedLogins < LOGIN_FREE_FAILURES || !lastFailedLoginAt) return null;
  const doublings = Math.min(failedLogins - LOGIN_FREE_FAILURES, 30);
  const waitMs = Math.min(FIRST_WAIT_MS * 2 ** doublings, LONGEST_WAIT_MS);
  return new Date(lastFailedLoginAt.getTime() + waitMs);
}

/** Only active accounts sign in; a deleted one is treated as if it never existed. */
export const maySignIn = (status: UserStatus) => status === 'active';
