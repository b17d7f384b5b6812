import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useReturnTo } from '../../../app/return-to';
import { withReturnTo } from '../../../../../common/rules/return-to';
import { useGoogleSignIn } from '../components/useGoogleSignIn';

/**
 * SPEC §2 /auth/google/callback: reads ?credential; without one the visitor goes to the login
 * tab; with one it is exchanged for a session (success replaces this history entry with
 * /dashboard, failure leads to /auth?tab=login&error=google-failed).
 */
export default function GoogleCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Issue 10: `returnTo` (a same-origin path) survives the round trip through Google.
  const returnTo = useReturnTo();
  const signInWithGoogle = useGoogleSignIn(returnTo);
  const credential = params.get('credential');
  // A credential is single-use: a second exchange (React's development double effects, a
  // re-render) would only fail and overwrite the first answer.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (credential) void signInWithGoogle(credential);
    else void navigate(withReturnTo('/auth?tab=login', returnTo), { replace: true });
  }, [credential, navigate, signInWithGoogle, returnTo]);

  return (
    <main className="container py-5" style={{ maxWidth: 540 }}>
      <h1 className="h4">{t('auth.callback.title')}</h1>
      <p role="status" className="aura-muted">
        {t('auth.callback.signingIn')}
      </p>
    </main>
  );
}
