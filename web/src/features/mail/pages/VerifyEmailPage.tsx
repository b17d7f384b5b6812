import { useEffect, useRef } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useVerifyEmail } from '../api/mail';

/** /verify-email?token=…: the link of a verification (or e-mail change) mail (issue 16). */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <main className="container py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3">{t('mail.verify.title')}</h1>
      {!token || verify.isError ? (
        <Alert variant="danger">{verify.error?.message ?? t('errors.mail_link_invalid')}</Alert>
      ) : verify.isSuccess ? (
        <Alert variant="success" data-testid="verify-done">
          {t('mail.verify.done', { email: verify.data.email })}
        </Alert>
      ) : (
        <p role="status">{t('mail.verify.working')}</p>
      )}
      <Link to="/dashboard">{t('mail.verify.continue')}</Link>
    </main>
  );
}
