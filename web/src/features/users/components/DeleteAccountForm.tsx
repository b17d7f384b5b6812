import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../api/account';
import { RequestError } from '../../../shared/api/request';
import { useFieldError } from '../../../shared/forms/useFieldError';
import { TextField } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';
import { useSettingsMessage } from '../../profiles/components/settings-messages';
import { DeleteAccountForm as Schema } from './account-settings-forms';

const EMPTY = { password: '', confirm: false };

/**
 * Delete account: confirmed by the password and an "I understand" box. The account is closed on
 * the server (content hidden, history kept anonymised) and this browser is signed out.
 */
export function DeleteAccountForm() {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAccountForm(Schema, EMPTY);
  const confirmError = useFieldError(form, 'confirm');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await remove.mutateAsync({ password: values.password });
      await navigate('/', { replace: true });
    } catch (error) {
      const reason = error instanceof RequestError ? error.message : t('accountSettings.failed');
      if (reason === 'wrongPassword') form.setError('password', { message: message(reason) });
      setFailure(message(reason) ?? reason);
    }
  });

  return (
    <section className="card shadow-sm border-danger" aria-labelledby="account-delete-title">
      <Form noValidate onSubmit={submit} className="card-body" data-testid="account-delete-form">
        <h2 id="account-delete-title" className="h5 text-danger-emphasis">
          {t('accountSettings.delete.title')}
        </h2>
        <p className="small">{t('accountSettings.delete.warning')}</p>
        <TextField
          form={form}
          name="password"
          id="account-delete-password"
          label={t('accountSettings.password.current')}
          type="password"
          autoComplete="current-password"
        />
        <Form.Group className="mb-3">
          <Form.Check id="account-delete-confirm">
            <Form.Check.Input
              isInvalid={Boolean(confirmError)}
              aria-describedby={confirmError ? 'account-delete-confirm-error' : undefined}
              {...form.register('confirm')}
            />
            <Form.Check.Label>{t('accountSettings.delete.confirm')}</Form.Check.Label>
            <Form.Control.Feedback type="invalid" id="account-delete-confirm-error">
              {message(confirmError?.message)}
            </Form.Control.Feedback>
          </Form.Check>
        </Form.Group>
        {failure && (
          <Alert variant="danger" role="alert" data-testid="account-delete-failure">
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {t('accountSettings.delete.submit')}
        </Button>
      </Form>
    </section>
  );
}
