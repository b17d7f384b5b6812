import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNotMe } from '../api/mail';

/**
 * /not-me?token=…: a confirmation mail's "this was not me" link. It acts only on the button, not
 * on opening: mail scanners that open links must not take an address out of an account.
 */
export default function NotMePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const notMe = useNotMe();
  return (
    <main className="container py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3">{t('mail.notMe.title')}</h1>
      {!token || notMe.isError ? (
        <Alert variant="danger">{notMe.error?.message ?? t('errors.mail_link_invalid')}</Alert>
      ) : notMe.isSuccess ? (
        <Alert variant="success" data-testid="not-me-done">
          {t('mail.notMe.done')}
        </Alert>
      ) : (
        <>
          <p>{t('mail.notMe.intro')}</p>
          <Button
            variant="danger"
            disabled={notMe.isPending}
            onClick={() => notMe.mutate(token)}
            data-testid="not-me-submit"
          >
            {notMe.isPending ? t('mail.notMe.working') : t('mail.notMe.submit')}
          </Button>
        </>
      )}
    </main>
  );
}
