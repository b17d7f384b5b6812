import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { useAuth } from '../../app/auth';
import {
  LoginForm as LoginFormSchema,
  loginRequestOf,
} from '../../components/account/account-forms';
import { serverMessageOf, useFormMessage } from '../../components/account/form-messages';

/** SPEC §3/§5 login form: username or email (the @ rule picks the field) and password. */
export function LoginForm() {
  const { t } = useTranslation();
  const message = useFormMessage();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { usernameOrEmail: '', password: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      signIn(await login(loginRequestOf(values)));
    } catch (error) {
      // SPEC §8: the server's text, else the login.error translation.
      setFailure(message(serverMessageOf(error) ?? undefined) ?? t('auth.login.error'));
      return;
    }
    await navigate('/dashboard', { replace: true });
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="auth-tab-login">
      {failure && (
        <Alert variant="danger" role="alert" data-testid="login-error">
          {failure}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="login-identifier">
        <Form.Label>{t('auth.login.usernameOrEmail')}</Form.Label>
        <Form.Control
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          isInvalid={Boolean(errors.usernameOrEmail)}
          aria-describedby={errors.usernameOrEmail ? 'login-identifier-error' : undefined}
          {...form.register('usernameOrEmail')}
        />
        <Form.Control.Feedback type="invalid" id="login-identifier-error">
          {message(errors.usernameOrEmail?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-password">
        <Form.Label>{t('auth.login.password')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          isInvalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...form.register('password')}
        />
        <Form.Control.Feedback type="invalid" id="login-password-error">
          {message(errors.password?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <p className="small aura-muted mt-3 mb-0">
        {t('auth.login.registerPrompt')} <Link to="/register">{t('auth.login.registerLink')}</Link>
      </p>
    </Form>
  );
}
