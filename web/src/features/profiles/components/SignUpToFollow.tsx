import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withReturnTo } from '../../../../../common/rules/return-to';

/**
 * A signed-out visitor of a shared creator link: sign up (or log in from there) and come back
 * to this page to follow or subscribe.
 */
export function SignUpToFollow() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link
      to={withReturnTo('/auth?tab=signup', location.pathname)}
      className="btn btn-primary align-self-start"
      data-testid="sign-up-to-follow"
    >
      {t('creatorProfile.signUpToFollow')}
    </Link>
  );
}
