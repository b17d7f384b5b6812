import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isWeakPassword, passwordShapeProblem } from '../../../../../common/rules/password';
import { useResetPassword } from '../api/mail';

/**
 * /reset-password?token=… (issue 16): a new password under SPEC §5's strength rule. Success
 * ends every session, so the person signs in again.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();

  return (
    <main className="container py-5" style={{ maxWidth: 480 }}>
      <h1 className="h3">{t('mail.reset.title')}</h1>
      {reset.isSuccess ? (
        <Alert variant="success" data-testid="reset-done">
          {t('mail.reset.done')} <Link to="/auth?tab=login">{t('mail.backToLogin')}</Link>
        </Alert>
      ) : !token ? (
        <Alert variant="danger">{t('errors.mail_link_invalid')}</Alert>
      ) : (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (password !== confirmPassword)
              return setProblem(t('register.messages.passwordMismatch'));
            const floor = passwordShapeProblem(password);
            if (floor) return setProblem(t(`register.messages.${floor}`));
            if (isWeakPassword(password)) return setProblem(t('mail.reset.weak'));
            setProblem(null);
            reset.mutate({ token, password, confirmPassword });
          }}
        >
          <Form.Group className="mb-3" controlId="reset-password">
            <Form.Label>{t('mail.reset.password')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="reset-confirm">
            <Form.Label>{t('mail.reset.confirm')}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </Form.Group>
          {(problem ?? reset.error?.message) && (
            <Alert variant="danger">{problem ?? reset.error?.message}</Alert>
          )}
          <Button type="submit" disabled={reset.isPending || !password}>
            {t('mail.reset.submit')}
          </Button>
        </Form>
      )}
    </main>
  );
}
