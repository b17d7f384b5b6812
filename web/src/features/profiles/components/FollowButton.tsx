import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../api/creator-profiles';

interface FollowButtonProps {
  username: string;
  isFollowing: boolean;
}

/**
 * SPEC §4 Follow: toggles on each press and is disabled while the call runs. The state shown is
 * the server's answer; a failed call leaves it as it was and shows 'profile.followError' once.
 */
export function FollowButton({ username, isFollowing }: FollowButtonProps) {
  const { t } = useTranslation();
  const follow = useFollow(username);
  return (
    <div className="d-flex flex-column gap-2 align-items-start">
      <Button
        variant={isFollowing ? 'outline-primary' : 'primary'}
        disabled={follow.isPending}
        onClick={() => follow.mutate(!isFollowing)}
        data-testid="follow-button"
      >
        {follow.isPending && (
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {isFollowing ? t('profile.unfollow') : t('profile.follow')}
      </Button>
      {follow.isError && (
        <Alert variant="danger" role="alert" className="mb-0 py-2" data-testid="follow-error">
          {t('profile.followError')}
        </Alert>
      )}
    </div>
  );
}
