import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isWeakPassword } from '../../../../../common/rules/password';
import { useChangePassword } from '../api/account';
import { RequestError } from '../../../shared/api/request';
import { CheckField } from '../../../shared/forms/CheckField';
import { PasswordStrengthBar } from '../../../shared/forms/PasswordStrengthBar';
import { NEW_PASSWORD_INPUT, TextField } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';
import { refusedField, useSettingsMessage } from '../../profiles/components/settings-messages';
import { ChangePasswordForm as Schema } from './account-settings-forms';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '', acceptWeakPassword: false };
const CURRENT_PASSWORD_INPUT = { type: 'password', autoComplete: 'current-password' } as const;

/** Which form field a refusal of the server belongs to. */
const FORM_FIELD = {
  currentPassword: 'currentPassword',
  newPassword: 'password',
} as const;

/**
 * Change password: the current one, the new one with the SPEC §5 strength bar and its
 * confirmation. Every other session ends; this browser keeps its session with the fresh token.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  const change = useChangePassword();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useAccountForm(Schema, EMPTY);
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const isWeak = password !== '' && isWeakPassword(password);

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.password,
        acceptWeakPassword: isWeakPassword(values.password) && values.acceptWeakPassword,
      });
      form.reset(EMPTY);
      setNotice({ ok: true, text: t('accountSettings.password.saved') });
    } catch (error) {
      const reason = error instanceof RequestError ? error.message : t('accountSettings.failed');
      const field = refusedField(error);
      if (field === 'currentPassword' || field === 'newPassword') {
        form.setError(FORM_FIELD[field], { message: message(reason) }, { shouldFocus: true });
      }
      setNotice({ ok: false, text: message(reason) ?? reason });
    }
  });

  return (
    <section className="card shadow-sm" aria-labelledby="account-password-title">
      <Form noValidate onSubmit={submit} className="card-body" data-testid="account-password-form">
        <h2 id="account-password-title" className="h5">
          {t('accountSettings.password.title')}
        </h2>
        <p className="small aura-muted">{t('accountSettings.password.hint')}</p>
        <TextField
          form={form}
          name="currentPassword"
          id="account-current-password"
          label={t('accountSettings.password.current')}
          {...CURRENT_PASSWORD_INPUT}
        />
        <TextField
          form={form}
          name="password"
          id="account-new-password"
          label={t('accountSettings.password.new')}
          helpIds={['account-new-password-strength']}
          {...NEW_PASSWORD_INPUT}
        >
          <PasswordStrengthBar password={password} id="account-new-password-strength" />
        </TextField>
        {isWeak && (
          <CheckField
            form={form}
            name="acceptWeakPassword"
            id="account-accept-weak"
            label={t('register.acceptWeakPassword')}
          />
        )}
        <TextField
          form={form}
          name="confirmPassword"
          id="account-confirm-password"
          label={t('accountSettings.password.confirm')}
          {...NEW_PASSWORD_INPUT}
        />
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            data-testid="account-password-notice"
          >
            {notice.ok ? notice.text : t('accountSettings.saveFailed', { reason: notice.text })}
          </Alert>
        )}
        <Button type="submit" disabled={change.isPending}>
          {t('accountSettings.password.save')}
        </Button>
      </Form>
    </section>
  );
}
