import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGoogleIdentity } from './google-identity';

/**
 * Google's own button (Google Identity Services), handing each ID token it gets to
 * `onCredential`: signing in on /auth, linking in the account settings. Says so when Google's
 * script cannot be loaded.
 */
export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [isUnavailable, setUnavailable] = useState(false);
  // Google keeps the first callback it was given; a ref lets it reach the current one.
  const latest = useRef(onCredential);
  useEffect(() => {
    latest.current = onCredential;
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
            void latest.current(response.credential ?? '');
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

  return isUnavailable ? (
    <p className="small aura-muted mb-0">{t('auth.googleUnavailable')}</p>
  ) : (
    <div ref={container} className="d-flex justify-content-center" />
  );
}
