import { useTranslation } from 'react-i18next';
import { useAuthConfig } from '../api/auth';
import { GoogleButton } from './GoogleButton';
import { useGoogleSignIn } from './useGoogleSignIn';

/** SPEC §2: the third-party sign-in button below the forms, only when Google is configured. */
export function GoogleSignIn({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const config = useAuthConfig();
  const signInWithGoogle = useGoogleSignIn(returnTo);
  const clientId = config.data?.googleClientId;
  if (!clientId) return null;
  return (
    <section className="mt-4 text-center" data-testid="google-sign-in">
      <div className="d-flex align-items-center gap-2 mb-3 aura-muted small" aria-hidden="true">
        <hr className="flex-grow-1" />
        {t('auth.googleDivider')}
        <hr className="flex-grow-1" />
      </div>
      <GoogleButton clientId={clientId} onCredential={signInWithGoogle} />
    </section>
  );
}
