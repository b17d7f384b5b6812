import { useNavigate } from 'react-router';
import { withReturnTo } from '../../../../../common/rules/return-to';
import { googleLogin } from '../api/auth';
import { useAuth } from '../../../app/auth';
import { serverMessageOf } from '../../../shared/forms/form-messages';

/** SPEC §2/§8: where a failed third-party sign-in leads. */
export const GOOGLE_FAILED_PATH = '/auth?tab=login&error=google-failed';

/** Navigation state carrying the server's reason to the failure message on /auth. */
export interface GoogleFailureState {
  googleError?: string;
}

/**
 * Exchanges a Google ID token (credential) for an Aura session: success stores it and opens the
 * dashboard in place of the current history entry (SPEC §2), failure goes to the login tab with
 * the failed-sign-in message.
 */
export function useGoogleSignIn(returnTo: string | null): (credential: string) => Promise<void> {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  return async (credential) => {
    try {
      signIn(await googleLogin(credential));
    } catch (error) {
      const state: GoogleFailureState = { googleError: serverMessageOf(error) ?? undefined };
      await navigate(withReturnTo(GOOGLE_FAILED_PATH, returnTo), { replace: true, state });
      return;
    }
    await navigate(returnTo ?? '/dashboard', { replace: true });
  };
}
