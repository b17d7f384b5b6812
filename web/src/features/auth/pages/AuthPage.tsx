import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth';
import { useReturnTo } from '../../../app/return-to';
import { GoogleSignIn } from '../components/GoogleSignIn';
import { LoginForm } from '../components/LoginForm';
import { SignupForm } from '../components/SignupForm';
import type { GoogleFailureState } from '../components/useGoogleSignIn';

type AuthTab = 'login' | 'signup';

/**
 * SPEC §2 /auth: login and signup tabs chosen by ?tab=, the failed third-party sign-in message
 * for ?error=google-failed, and the Google button below the forms. A signed-in visitor goes to
 * /dashboard, except right after signing up here, while the welcome message shows.
 */
export default function AuthPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [hasJustSignedUp, setJustSignedUp] = useState(false);
  const tab: AuthTab = params.get('tab') === 'signup' ? 'signup' : 'login';
  const isGoogleFailed = params.get('error') === 'google-failed';
  const googleError = (location.state as GoogleFailureState | null)?.googleError;
  // Issue 10: a same-origin path to bring the visitor back to (the checkout they started).
  const returnTo = useReturnTo();

  if (user && !hasJustSignedUp) return <Navigate to={returnTo ?? '/dashboard'} replace />;

  const selectTab = (key: string | null) => {
    if (key !== 'login' && key !== 'signup') return;
    setParams(returnTo ? { tab: key, returnTo } : { tab: key }, { replace: true });
  };

  return (
    <main className="container py-4" style={{ maxWidth: 540 }}>
      <h1 className="h3">{t('auth.title')}</h1>
      <p className="aura-muted">{t('auth.subtitle')}</p>
      {isGoogleFailed && (
        <Alert variant="danger" role="alert" data-testid="google-failed">
          {t('auth.googleFailed')}
          {googleError && <div className="small mt-1">{googleError}</div>}
        </Alert>
      )}
      <div className="card shadow-sm">
        <div className="card-body">
          <Tabs id="auth" activeKey={tab} onSelect={selectTab} className="mb-3" fill mountOnEnter>
            <Tab eventKey="login" title={t('auth.tabs.login')}>
              <LoginForm returnTo={returnTo} />
            </Tab>
            <Tab eventKey="signup" title={t('auth.tabs.signup')}>
              <SignupForm onSignedUp={() => setJustSignedUp(!returnTo)} returnTo={returnTo} />
            </Tab>
          </Tabs>
          <GoogleSignIn returnTo={returnTo} />
        </div>
      </div>
    </main>
  );
}
