import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signup } from '../../api/auth';
import { useAuth } from '../../app/auth';
import {
  fieldOfServerMessage,
  SignupForm as SignupFormSchema,
  type SignupForm as SignupValues,
} from '../../components/account/account-forms';
import { serverMessageOf, useFormMessage } from '../../components/account/form-messages';
import { PasswordStrengthBar } from '../../components/account/PasswordStrengthBar';
import { TermsLabel } from '../../components/account/TermsLabel';

const EMPTY: SignupValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  newsletter: false,
  termsAndConditions: false,
};

/**
 * SPEC §4/§5 signup tab of /auth: idle, submitting, then a success message with the form reset,
 * or a global error. A weak password blocks here (the acceptance exists only on /register).
 * The new account is signed in at once; `onSignedUp` lets the page keep showing the message.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation();
  const message = useFormMessage();
  const { signIn } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [welcomedUser, setWelcomedUser] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setWelcomedUser(null);
    try {
      const session = await signup({
        username: values.username,
        email: values.email,
        password: values.password,
        newsletter: values.newsletter,
        termsAndConditions: values.termsAndConditions,
      });
      onSignedUp();
      signIn(session);
      form.reset(EMPTY);
      setWelcomedUser(session.user.username);
    } catch (error) {
      const serverMessage = serverMessageOf(error);
      const field = serverMessage ? fieldOfServerMessage(serverMessage) : null;
      if (serverMessage === 'passwordWeakAccept') {
        form.setError('password', { message: 'passwordTooWeak' }, { shouldFocus: true });
      } else if (serverMessage && field && field !== 'acceptWeakPassword') {
        form.setError(field, { message: serverMessage }, { shouldFocus: true });
      } else {
        // SPEC §8: a global message, else register.error.
        setFailure(message(serverMessage ?? undefined) ?? t('register.error'));
      }
    }
  });

  const describedBy = (field: keyof SignupValues, extra?: string) =>
    [errors[field] ? `signup-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="auth-tab-signup">
      {welcomedUser && (
        <Alert variant="success" role="status" data-testid="signup-success">
          <p>{t('auth.signup.success', { username: welcomedUser })}</p>
          <Link to="/dashboard" className="btn btn-success">
            {t('auth.signup.continue')}
          </Link>
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" role="alert" data-testid="signup-error">
          {failure}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="signup-username">
        <Form.Label>{t('register.username')}</Form.Label>
        <Form.Control
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          isInvalid={Boolean(errors.username)}
          aria-describedby={describedBy('username', 'signup-username-hint')}
          {...form.register('username')}
        />
        <Form.Text id="signup-username-hint">{t('register.usernameHint')}</Form.Text>
        <Form.Control.Feedback type="invalid" id="signup-username-error">
          {message(errors.username?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="signup-email">
        <Form.Label>{t('register.email')}</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          isInvalid={Boolean(errors.email)}
          aria-describedby={describedBy('email')}
          {...form.register('email')}
        />
        <Form.Control.Feedback type="invalid" id="signup-email-error">
          {message(errors.email?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="signup-password">
        <Form.Label>{t('register.password')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          isInvalid={Boolean(errors.password)}
          aria-describedby={describedBy('password', 'signup-password-strength')}
          {...form.register('password')}
        />
        <Form.Control.Feedback type="invalid" id="signup-password-error">
          {message(errors.password?.message)}
        </Form.Control.Feedback>
        <PasswordStrengthBar password={password} id="signup-password-strength" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="signup-confirm-password">
        <Form.Label>{t('register.confirmPassword')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          isInvalid={Boolean(errors.confirmPassword)}
          aria-describedby={describedBy('confirmPassword')}
          {...form.register('confirmPassword')}
        />
        <Form.Control.Feedback type="invalid" id="signup-confirmPassword-error">
          {message(errors.confirmPassword?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        className="mb-2"
        id="signup-newsletter"
        label={t('auth.signup.newsletter')}
        {...form.register('newsletter')}
      />
      <Form.Group className="mb-3">
        <Form.Check id="signup-terms">
          <Form.Check.Input
            isInvalid={Boolean(errors.termsAndConditions)}
            aria-describedby={describedBy('termsAndConditions')}
            {...form.register('termsAndConditions')}
          />
          <Form.Check.Label>
            <TermsLabel />
          </Form.Check.Label>
          <Form.Control.Feedback type="invalid" id="signup-termsAndConditions-error">
            {message(errors.termsAndConditions?.message)}
          </Form.Control.Feedback>
        </Form.Check>
      </Form.Group>
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
    </Form>
  );
}
