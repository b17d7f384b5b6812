import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCreatorProfile, useOwnCreatorProfile } from '../api/creator-profiles';
import { isNotFound } from '../../../shared/api/request';
import { CreatorProfileView } from '../components/CreatorProfileView';

type ProfileQuery = ReturnType<typeof useOwnCreatorProfile>;

/**
 * SPEC §2 /creator (the signed-in creator's own profile) and /creator/{username} (anyone's):
 * the "Creator profile view", every field from the server.
 */
export default function CreatorProfilePage() {
  const { username } = useParams();
  return (
    <main className="container py-4" style={{ maxWidth: 1040 }}>
      {username ? <ProfileByUsername username={username} /> : <OwnProfile />}
    </main>
  );
}

function OwnProfile() {
  return <ProfileStates query={useOwnCreatorProfile()} />;
}

function ProfileByUsername({ username }: { username: string }) {
  return <ProfileStates query={useCreatorProfile(username)} />;
}

/** SPEC §8: loading, 'Failed to load profile.' (with a retry) and the not-found message. */
function ProfileStates({ query }: { query: ProfileQuery }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status" />
        <p className="mt-2">{t('profile.loading')}</p>
      </div>
    );
  }
  if (query.isError) {
    return isNotFound(query.error) ? (
      <Alert variant="warning" role="alert" data-testid="profile-not-found">
        {t('profile.notFound')}
      </Alert>
    ) : (
      <Alert
        variant="danger"
        role="alert"
        className="d-flex align-items-center gap-3"
        data-testid="profile-load-failed"
      >
        <span>{t('profile.loadFailed')}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
          {t('profile.retry')}
        </Button>
      </Alert>
    );
  }
  return <CreatorProfileView profile={query.data} />;
}
