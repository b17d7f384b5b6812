import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isValidEmail, usernameProblem } from '../../../../../common/rules/account';
import { isWeakPassword } from '../../../../../common/rules/password';
import { register as registerAccount } from '../api/auth';
import { useAuth } from '../../../app/auth';
import { useReturnTo } from '../../../app/return-to';
import { withReturnTo } from '../../../../../common/rules/return-to';
import {
  fieldOfServerMessage,
  isRegisterSubmittable,
  RegisterForm,
} from '../../../shared/forms/account-forms';
import { AvailabilityField } from '../../../shared/forms/AvailabilityField';
import { CheckField } from '../../../shared/forms/CheckField';
import { serverMessageOf, useFormMessage } from '../../../shared/forms/form-messages';
import { FormFailure } from '../../../shared/forms/FormFailure';
import { NewPasswordFields } from '../../../shared/forms/NewPasswordFields';
import { TermsLabel } from '../../../shared/forms/TermsLabel';
import { EMAIL_INPUT, USERNAME_INPUT } from '../../../shared/forms/TextField';
import { useAccountForm } from '../../../shared/forms/useAccountForm';
import { useAvailability } from '../api/use-availability';

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
  const returnTo = useReturnTo();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAccountForm(RegisterForm, EMPTY);
  const { isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const username = useAvailability('username', values.username ?? '', isUsernameCheckable);
  const email = useAvailability('email', values.email ?? '', isValidEmail);
  const password = values.password ?? '';
  const isWeak = password !== '' && isWeakPassword(password);
  const isTaken = username === 'taken' || email === 'taken';

  if (user && !isSubmitting) return <Navigate to={returnTo ?? '/dashboard'} replace />;

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
    await navigate(returnTo ?? '/dashboard', { replace: true });
  });

  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3">{t('register.title')}</h1>
      <p className="aura-muted">{t('register.subtitle')}</p>
      <div className="card shadow-sm">
        <div className="card-body">
          <FormFailure text={failure} testId="register-error" />
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={t('register.title')}
          >
            <AvailabilityField
              form={form}
              name="username"
              status={username}
              id="register-username"
              label={t('register.username')}
              hint={t('register.usernameHint')}
              {...USERNAME_INPUT}
            />
            <AvailabilityField
              form={form}
              name="email"
              status={email}
              id="register-email"
              label={t('register.email')}
              {...EMAIL_INPUT}
            />
            <NewPasswordFields form={form} idPrefix="register">
              {isWeak && (
                <CheckField
                  form={form}
                  name="acceptWeakPassword"
                  id="register-accept-weak"
                  label={t('register.acceptWeakPassword')}
                />
              )}
            </NewPasswordFields>
            <CheckField
              form={form}
              name="newsletter"
              id="register-newsletter"
              label={t('register.newsletter')}
              className="mb-2"
            />
            <CheckField
              form={form}
              name="termsAndConditions"
              id="register-terms"
              label={<TermsLabel />}
            />
            <Button
              type="submit"
              className="w-100"
              disabled={!isRegisterSubmittable(values) || isTaken || isSubmitting}
            >
              {isSubmitting ? t('register.submitting') : t('register.submit')}
            </Button>
          </Form>
          <p className="small aura-muted mt-3 mb-0">
            {t('register.haveAccount')}{' '}
            <Link to={withReturnTo('/auth?tab=login', returnTo)}>{t('register.loginLink')}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
