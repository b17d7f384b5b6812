import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { withReturnTo } from '../../../../../common/rules/return-to';
import { login } from '../api/auth';
import { useAuth } from '../../../app/auth';
import { LoginForm as LoginFormSchema, loginRequestOf } from '../../../shared/forms/account-forms';
import { serverMessageOf, suspensionOf, useFormMessage } from '../../../shared/forms/form-messages';
import { FormFailure } from '../../../shared/forms/FormFailure';
import { TextField, USERNAME_INPUT } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';

/**
 * SPEC §3/§5 login form: username or email (the @ rule picks the field) and password. Success
 * goes to `returnTo` when the visitor came from somewhere (issue 10), else to the dashboard.
 */
export function LoginForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const message = useFormMessage();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAccountForm(LoginFormSchema, { usernameOrEmail: '', password: '' });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      signIn(await login(loginRequestOf(values)));
    } catch (error) {
      // A suspended person is told why in their language (issue 14); otherwise SPEC §8: the
      // server's text, else the login.error translation.
      const suspension = suspensionOf(error);
      setFailure(
        suspension
          ? suspension.reason
            ? t('auth.login.suspended', { reason: suspension.reason })
            : t('auth.login.suspendedNoReason')
          : (message(serverMessageOf(error) ?? undefined) ?? t('auth.login.error')),
      );
      return;
    }
    await navigate(returnTo ?? '/dashboard', { replace: true });
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="auth-tab-login">
      <FormFailure text={failure} testId="login-error" />
      <TextField
        form={form}
        name="usernameOrEmail"
        id="login-identifier"
        label={t('auth.login.usernameOrEmail')}
        {...USERNAME_INPUT}
      />
      <TextField
        form={form}
        name="password"
        id="login-password"
        label={t('auth.login.password')}
        type="password"
        autoComplete="current-password"
      />
      <p className="small text-end mb-2">
        <Link to="/forgot-password">{t('auth.login.forgotLink')}</Link>
      </p>
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <p className="small aura-muted mt-3 mb-0">
        {t('auth.login.registerPrompt')}{' '}
        <Link to={withReturnTo('/register', returnTo)}>{t('auth.login.registerLink')}</Link>
      </p>
    </Form>
  );
}
