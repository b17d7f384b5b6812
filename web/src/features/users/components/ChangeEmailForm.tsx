import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../../../../common/rules/account';
import { ChangeEmailRequest } from '../../../../../common/schemas/account';
import { useChangeEmail } from '../api/account';
import { RequestError } from '../../../shared/api/request';
import { AvailabilityField } from '../../../shared/forms/AvailabilityField';
import { EMAIL_INPUT, TextField } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';
import { useAvailability } from '../../auth/api/use-availability';
import { refusedField, useSettingsMessage } from '../../profiles/components/settings-messages';

const EMPTY = { email: '', password: '' };

/**
 * Change email: the new address, checked live for availability as on /register (the server
 * answers 409 `emailTaken` anyway), confirmed with the password.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const change = useChangeEmail();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useAccountForm(ChangeEmailRequest, EMPTY);
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const availability = useAvailability('email', email, isValidEmail);

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      setNotice({ ok: true, text: t('accountSettings.email.linkSent', { email: values.email }) });
    } catch (error) {
      const reason = error instanceof RequestError ? error.message : t('accountSettings.failed');
      const field = refusedField(error);
      if (field === 'email' || field === 'password') {
        form.setError(field, { message: message(reason) });
      }
      setNotice({ ok: false, text: message(reason) ?? reason });
    }
  });

  return (
    <section className="card shadow-sm" aria-labelledby="account-email-title">
      <Form noValidate onSubmit={submit} className="card-body" data-testid="account-email-form">
        <h2 id="account-email-title" className="h5">
          {t('accountSettings.email.title')}
        </h2>
        <p className="small" data-testid="account-current-email">
          {t('accountSettings.email.current', { email: currentEmail })}
        </p>
        <AvailabilityField
          form={form}
          name="email"
          id="account-new-email"
          label={t('accountSettings.email.new')}
          status={availability}
          {...EMAIL_INPUT}
        />
        <TextField
          form={form}
          name="password"
          id="account-email-password"
          label={t('accountSettings.password.current')}
          type="password"
          autoComplete="current-password"
        />
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            data-testid="account-email-notice"
          >
            {notice.ok ? notice.text : t('accountSettings.saveFailed', { reason: notice.text })}
          </Alert>
        )}
        <Button type="submit" disabled={change.isPending || availability === 'taken'}>
          {t('accountSettings.email.save')}
        </Button>
      </Form>
    </section>
  );
}
