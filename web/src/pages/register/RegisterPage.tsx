import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isValidEmail, usernameProblem } from '../../../../common/rules/account';
import { isWeakPassword } from '../../../../common/rules/password';
import { register as registerAccount } from '../../api/auth';
import { useAuth } from '../../app/auth';
import {
  fieldOfServerMessage,
  isRegisterSubmittable,
  RegisterForm,
} from '../../components/account/account-forms';
import { serverMessageOf, useFormMessage } from '../../components/account/form-messages';
import { PasswordStrengthBar } from '../../components/account/PasswordStrengthBar';
import { TermsLabel } from '../../components/account/TermsLabel';
import { useAvailability } from '../../components/account/useAvailability';
import { AvailabilityFeedback } from './AvailabilityFeedback';

const EMPTY: RegisterForm = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptWeakPassword: false,
  newsletter: false,
  termsAndConditions: false,
};

const isUsernameCheckable = (value: string) => usernameProblem(value) === null;

/**
 * SPEC §5 standalone registration: live availability checks, the strength bar with the
 * weak-password acceptance, newsletter consent and terms required; submit stays disabled until
 * the core fields are filled and the terms accepted. Success signs the new user in.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const message = useFormMessage();
  const navigate = useNavigate();
  const { user, signIn } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(RegisterForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const username = useAvailability('username', values.username ?? '', isUsernameCheckable);
  const email = useAvailability('email', values.email ?? '', isValidEmail);
  const password = values.password ?? '';
  const isWeak = password !== '' && isWeakPassword(password);
  const isTaken = username === 'taken' || email === 'taken';

  if (user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      signIn(
        await registerAccount({
          username: input.username,
          email: input.email,
          password: input.password,
          newsletter: input.newsletter,
          termsAndConditions: input.termsAndConditions,
          acceptWeakPassword: isWeakPassword(input.password) && input.acceptWeakPassword,
        }),
      );
    } catch (error) {
      const serverMessage = serverMessageOf(error);
      const field = serverMessage ? fieldOfServerMessage(serverMessage) : null;
      if (serverMessage && field) {
        form.setError(field, { message: serverMessage }, { shouldFocus: true });
      } else {
        // SPEC §8: the server's message, else register.error.
        setFailure(message(serverMessage ?? undefined) ?? t('register.error'));
      }
      return;
    }
    await navigate('/dashboard', { replace: true });
  });

  const describedBy = (...ids: (string | false | undefined)[]) =>
    ids.filter(Boolean).join(' ') || undefined;

  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3">{t('register.title')}</h1>
      <p className="aura-muted">{t('register.subtitle')}</p>
      <div className="card shadow-sm">
        <div className="card-body">
          {failure && (
            <Alert variant="danger" role="alert" data-testid="register-error">
              {failure}
            </Alert>
          )}
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={t('register.title')}
          >
            <Form.Group className="mb-3" controlId="register-username">
              <Form.Label>{t('register.username')}</Form.Label>
              <Form.Control
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                isInvalid={Boolean(errors.username) || username === 'taken'}
                isValid={!errors.username && username === 'available'}
                aria-describedby={describedBy(
                  'register-username-hint',
                  'register-username-status',
                  errors.username && 'register-username-error',
                )}
                {...form.register('username')}
              />
              <Form.Text id="register-username-hint">{t('register.usernameHint')}</Form.Text>
              <Form.Control.Feedback type="invalid" id="register-username-error">
                {message(errors.username?.message)}
              </Form.Control.Feedback>
              {!errors.username && (
                <AvailabilityFeedback
                  id="register-username-status"
                  status={username}
                  available="usernameAvailable"
                  taken="usernameTaken"
                />
              )}
            </Form.Group>
            <Form.Group className="mb-3" controlId="register-email">
              <Form.Label>{t('register.email')}</Form.Label>
              <Form.Control
                type="email"
                autoComplete="email"
                isInvalid={Boolean(errors.email) || email === 'taken'}
                isValid={!errors.email && email === 'available'}
                aria-describedby={describedBy(
                  'register-email-status',
                  errors.email && 'register-email-error',
                )}
                {...form.register('email')}
              />
              <Form.Control.Feedback type="invalid" id="register-email-error">
                {message(errors.email?.message)}
              </Form.Control.Feedback>
              {!errors.email && (
                <AvailabilityFeedback
                  id="register-email-status"
                  status={email}
                  available="emailAvailable"
                  taken="emailTaken"
                />
              )}
            </Form.Group>
            <Form.Group className="mb-3" controlId="register-password">
              <Form.Label>{t('register.password')}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                isInvalid={Boolean(errors.password)}
                aria-describedby={describedBy(
                  'register-password-strength',
                  errors.password && 'register-password-error',
                )}
                {...form.register('password')}
              />
              <Form.Control.Feedback type="invalid" id="register-password-error">
                {message(errors.password?.message)}
              </Form.Control.Feedback>
              <PasswordStrengthBar password={password} id="register-password-strength" />
            </Form.Group>
            {isWeak && (
              <Form.Group className="mb-3">
                <Form.Check id="register-accept-weak">
                  <Form.Check.Input
                    isInvalid={Boolean(errors.acceptWeakPassword)}
                    aria-describedby={describedBy(
                      errors.acceptWeakPassword && 'register-accept-weak-error',
                    )}
                    {...form.register('acceptWeakPassword')}
                  />
                  <Form.Check.Label>{t('register.acceptWeakPassword')}</Form.Check.Label>
                  <Form.Control.Feedback type="invalid" id="register-accept-weak-error">
                    {message(errors.acceptWeakPassword?.message)}
                  </Form.Control.Feedback>
                </Form.Check>
              </Form.Group>
            )}
            <Form.Group className="mb-3" controlId="register-confirm-password">
              <Form.Label>{t('register.confirmPassword')}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                isInvalid={Boolean(errors.confirmPassword)}
                aria-describedby={describedBy(
                  errors.confirmPassword && 'register-confirm-password-error',
                )}
                {...form.register('confirmPassword')}
              />
              <Form.Control.Feedback type="invalid" id="register-confirm-password-error">
                {message(errors.confirmPassword?.message)}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-2">
              <Form.Check id="register-newsletter">
                <Form.Check.Input
                  isInvalid={Boolean(errors.newsletter)}
                  aria-describedby={describedBy(errors.newsletter && 'register-newsletter-error')}
                  {...form.register('newsletter')}
                />
                <Form.Check.Label>{t('register.newsletter')}</Form.Check.Label>
                <Form.Control.Feedback type="invalid" id="register-newsletter-error">
                  {message(errors.newsletter?.message)}
                </Form.Control.Feedback>
              </Form.Check>
            </Form.Group>
            <Form.Group className="mb-3">
              <Form.Check id="register-terms">
                <Form.Check.Input
                  isInvalid={Boolean(errors.termsAndConditions)}
                  aria-describedby={describedBy(
                    errors.termsAndConditions && 'register-terms-error',
                  )}
                  {...form.register('termsAndConditions')}
                />
                <Form.Check.Label>
                  <TermsLabel />
                </Form.Check.Label>
                <Form.Control.Feedback type="invalid" id="register-terms-error">
                  {message(errors.termsAndConditions?.message)}
                </Form.Control.Feedback>
              </Form.Check>
            </Form.Group>
            <Button
              type="submit"
              className="w-100"
              disabled={!isRegisterSubmittable(values) || isTaken || isSubmitting}
            >
              {isSubmitting ? t('register.submitting') : t('register.submit')}
            </Button>
          </Form>
          <p className="small aura-muted mt-3 mb-0">
            {t('register.haveAccount')} <Link to="/login">{t('register.loginLink')}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
