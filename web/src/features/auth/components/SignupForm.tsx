import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signup } from '../api/auth';
import { useAuth } from '../../../app/auth';
import {
  fieldOfServerMessage,
  SignupForm as SignupFormSchema,
  type SignupForm as SignupValues,
} from '../../../shared/forms/account-forms';
import { CheckField } from '../../../shared/forms/CheckField';
import { serverMessageOf, useFormMessage } from '../../../shared/forms/form-messages';
import { FormFailure } from '../../../shared/forms/FormFailure';
import { NewPasswordFields } from '../../../shared/forms/NewPasswordFields';
import { TermsLabel } from '../../../shared/forms/TermsLabel';
import { EMAIL_INPUT, TextField, USERNAME_INPUT } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';

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
export function SignupForm({
  onSignedUp,
  returnTo,
}: {
  onSignedUp: () => void;
  /** Issue 10: where a visitor who came from a checkout goes once signed up. */
  returnTo: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useFormMessage();
  const { signIn } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [welcomedUser, setWelcomedUser] = useState<string | null>(null);
  const form = useAccountForm(SignupFormSchema, EMPTY);
  const { isSubmitting } = form.formState;

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
      if (returnTo) {
        await navigate(returnTo, { replace: true });
        return;
      }
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
      <FormFailure text={failure} testId="signup-error" />
      <TextField
        form={form}
        name="username"
        id="signup-username"
        label={t('register.username')}
        hint={t('register.usernameHint')}
        isErrorFirst
        {...USERNAME_INPUT}
      />
      <TextField
        form={form}
        name="email"
        id="signup-email"
        label={t('register.email')}
        {...EMAIL_INPUT}
      />
      <NewPasswordFields
        form={form}
        idPrefix="signup"
        confirmErrorId="signup-confirmPassword-error"
        isErrorFirst
      />
      <Form.Check
        className="mb-2"
        id="signup-newsletter"
        label={t('auth.signup.newsletter')}
        {...form.register('newsletter')}
      />
      <CheckField
        form={form}
        name="termsAndConditions"
        id="signup-terms"
        errorId="signup-termsAndConditions-error"
        label={<TermsLabel />}
      />
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
    </Form>
  );
}
