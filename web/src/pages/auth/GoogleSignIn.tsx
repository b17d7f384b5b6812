import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthConfig } from '../../api/auth';
import { loadGoogleIdentity } from './google-identity';
import { useGoogleSignIn } from './useGoogleSignIn';

/** SPEC §2: the third-party sign-in button below the forms, only when Google is configured. */
export function GoogleSignIn({ returnTo }: { returnTo: string | null }) {
  const config = useAuthConfig();
  const clientId = config.data?.googleClientId;
  return clientId ? <GoogleButton clientId={clientId} returnTo={returnTo} /> : null;
}

function GoogleButton({ clientId, returnTo }: { clientId: string; returnTo: string | null }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [isUnavailable, setUnavailable] = useState(false);
  const signInWithGoogle = useGoogleSignIn(returnTo);
  // Google keeps the first callback it was given; a ref lets it reach the current one.
  const onCredential = useRef(signInWithGoogle);
  useEffect(() => {
    onCredential.current = signInWithGoogle;
  });

  useEffect(() => {
    let isCancelled = false;
    loadGoogleIdentity()
      .then((gsi) => {
        if (isCancelled || !container.current) return;
        gsi.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            void onCredential.current(response.credential ?? '');
          },
        });
        container.current.replaceChildren();
        gsi.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          locale: i18n.language,
        });
      })
      .catch(() => {
        if (!isCancelled) setUnavailable(true);
      });
    return () => {
      isCancelled = true;
    };
  }, [clientId, i18n.language]);

  return (
    <section className="mt-4 text-center" data-testid="google-sign-in">
      <div className="d-flex align-items-center gap-2 mb-3 aura-muted small" aria-hidden="true">
        <hr className="flex-grow-1" />
        {t('auth.googleDivider')}
        <hr className="flex-grow-1" />
      </div>
      {isUnavailable ? (
        <p className="small aura-muted mb-0">{t('auth.googleUnavailable')}</p>
      ) : (
        <div ref={container} className="d-flex justify-content-center" />
      )}
    </section>
  );
}
