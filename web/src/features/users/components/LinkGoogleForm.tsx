import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LinkGoogleRequest } from '../../../../../common/schemas/account';
import { useLinkGoogle, useSignInMethods } from '../api/account';
import { useAuthConfig } from '../../auth/api/auth';
import { RequestError } from '../../../shared/api/request';
import { TextField } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';
import { useSettingsMessage } from '../../profiles/components/settings-messages';
import { GoogleButton } from '../../auth/components/GoogleButton';

const PasswordOnly = LinkGoogleRequest.pick({ password: true });
const EMPTY = { password: '' };

/**
 * Sign in with Google: the one way to tie a Google account to an existing account (Google sign-in
 * never links by e-mail address, docs/security.md). The password confirms it, then Google's
 * button hands over the Google account. Shown only when the server has Google sign-in set up.
 */
export function LinkGoogleForm() {
  const config = useAuthConfig();
  const clientId = config.data?.googleClientId;
  return clientId ? <LinkGoogleSection clientId={clientId} /> : null;
}

function LinkGoogleSection({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const methods = useSignInMethods();
  const link = useLinkGoogle();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useAccountForm(PasswordOnly, EMPTY);

  const onCredential = (credential: string) =>
    form.handleSubmit(
      async ({ password }) => {
        setNotice(null);
        try {
          await link.mutateAsync({ credential, password });
          form.reset(EMPTY);
          setNotice({ ok: true, text: t('accountSettings.google.done') });
        } catch (error) {
          const reason =
            error instanceof RequestError ? error.message : t('accountSettings.failed');
          if (reason === 'wrongPassword') form.setError('password', { message: message(reason) });
          setNotice({ ok: false, text: message(reason) ?? reason });
        }
      },
      () => setNotice({ ok: false, text: t('accountSettings.google.passwordFirst') }),
    )();

  const isLinked = methods.data?.google === true;
  return (
    <section className="card shadow-sm" aria-labelledby="account-google-title">
      <Form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="card-body"
        data-testid="account-google-form"
      >
        <h2 id="account-google-title" className="h5">
          {t('accountSettings.google.title')}
        </h2>
        {isLinked ? (
          <p className="small mb-0" data-testid="account-google-linked">
            {t('accountSettings.google.linked')}
          </p>
        ) : methods.data?.password === false ? (
          <p className="small mb-0">{t('accountSettings.google.noPassword')}</p>
        ) : (
          <>
            <p className="small">{t('accountSettings.google.hint')}</p>
            <TextField
              form={form}
              name="password"
              id="account-google-password"
              label={t('accountSettings.password.current')}
              type="password"
              autoComplete="current-password"
            />
            <GoogleButton clientId={clientId} onCredential={onCredential} />
          </>
        )}
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            className="mt-3 mb-0"
            data-testid="account-google-notice"
          >
            {notice.text}
          </Alert>
        )}
      </Form>
    </section>
  );
}
