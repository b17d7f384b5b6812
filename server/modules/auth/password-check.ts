import { verifyPassword } from '../../auth/passwords';
import { failWithKey } from '../../http/errors';

/**
 * Calls that check the password are few per minute and caller: a stolen session must not be
 * able to guess the password through them.
 */
export const PASSWORD_CHECKS_PER_MINUTE = 5;

/**
 * The current password confirms a change that could take the account over (400 on `field`). An
 * account that only signs in through Google has none to give (docs/deviations.md, known limits).
 */
export async function confirmPassword(
  user: { passwordHash: string | null },
  password: string,
  field: string,
): Promise<void> {
  if (!user.passwordHash) throw failWithKey(400, 'noPasswordSet', { field });
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw failWithKey(400, 'wrongPassword', { field });
  }
}
