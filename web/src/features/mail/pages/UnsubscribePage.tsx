import { useEffect, useRef } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnsubscribe } from '../api/mail';

/** /unsubscribe?token=…: a notice mail's one-click link, no sign-in needed (issue 16). */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);
  return (
    <main className="container py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3">{t('mail.unsubscribe.title')}</h1>
      {!token || unsubscribe.isError ? (
        <Alert variant="danger">{t('errors.mail_link_invalid')}</Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert variant="success">{t('mail.unsubscribe.done')}</Alert>
      ) : (
        <p role="status">{t('mail.verify.working')}</p>
      )}
    </main>
  );
}
