import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isValidEmail } from '../../../../../common/rules/account';
import { useForgotPassword } from '../api/mail';

/**
 * /forgot-password (issue 16): asks for the address; the answer is the same whether an account
 * uses it or not.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const forgot = useForgotPassword();

  return (
    <main className="container py-5" style={{ maxWidth: 480 }}>
      <h1 className="h3">{t('mail.forgot.title')}</h1>
      {forgot.isSuccess ? (
        <Alert variant="success" data-testid="forgot-sent">
          {t('mail.forgot.sent')}
        </Alert>
      ) : (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = email.trim();
            if (!isValidEmail(value)) {
              setInvalid(true);
              return;
            }
            setInvalid(false);
            forgot.mutate({ email: value });
          }}
        >
          <p>{t('mail.forgot.intro')}</p>
          <Form.Group className="mb-3" controlId="forgot-email">
            <Form.Label>{t('mail.forgot.email')}</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={email}
              isInvalid={invalid}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">
              {t('register.messages.emailInvalid')}
            </Form.Control.Feedback>
          </Form.Group>
          {forgot.isError && <Alert variant="danger">{forgot.error.message}</Alert>}
          <Button type="submit" disabled={forgot.isPending}>
            {t('mail.forgot.submit')}
          </Button>
        </Form>
      )}
      <p className="mt-3">
        <Link to="/auth?tab=login">{t('mail.backToLogin')}</Link>
      </p>
    </main>
  );
}
