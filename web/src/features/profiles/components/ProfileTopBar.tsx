import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';

/**
 * The profile has no shared layout (SPEC §2), so it brings its own way out: back to where the
 * visitor came from within the app, else to discover, and home to the dashboard.
 */
export function ProfileTopBar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // React Router names the first entry of a session 'default': there is no in-app page to go back to.
  const hasHistory = location.key !== 'default';

  return (
    <nav
      className="container d-flex align-items-center gap-2 pt-3"
      style={{ maxWidth: 960 }}
      aria-label={t('profile.navigation')}
    >
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => void (hasHistory ? navigate(-1) : navigate('/discover'))}
      >
        <span aria-hidden="true">← </span>
        {t('profile.back')}
      </button>
      {/* A signed-out visitor of a shared link goes to the landing page, not to the sign-in wall. */}
      <Link to={user ? '/dashboard' : '/'} className="btn btn-link btn-sm">
        {t('profile.home')}
      </Link>
    </nav>
  );
}
