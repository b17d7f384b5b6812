import '../components/profile.css';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { roleHolds } from '../../../../../common/rules/permissions';
import { usePublicProfile } from '../api/profiles';
import { isNotFound } from '../../../shared/api/request';
import { TierCard } from '../../billing/components/TierCard';
import { TipButton } from '../../tips/components/TipButton';
import { useAuth } from '../../../app/auth';
import { ContentTiles } from '../components/ContentTiles';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileTopBar } from '../components/ProfileTopBar';

/**
 * SPEC §2 profile of another user by id, /hypr/{id}: the tier-based profile layout, outside the
 * shared layout (its own top bar). Everything shown comes from GET /api/v1/users/{id}.
 */
export default function ProfilePage() {
  const { id = '' } = useParams();
  return (
    <div className="d-flex flex-column min-vh-100">
      <ProfileTopBar />
      <main className="container py-4 flex-grow-1" style={{ maxWidth: 960 }}>
        <ProfileView id={id} />
      </main>
    </div>
  );
}

function ProfileView({ id }: { id: string }) {
  const { t } = useTranslation();
  const profile = usePublicProfile(id);
  const { user } = useAuth();

  if (profile.isPending) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status" />
        <p className="mt-2">{t('profile.loading')}</p>
      </div>
    );
  }
  if (profile.isError) {
    const isMissing = isNotFound(profile.error);
    // SPEC §8: the two profile messages; only a failure that may pass offers a retry.
    return isMissing ? (
      <Alert variant="warning" role="alert" data-testid="profile-not-found">
        {t('profile.notFound')}
      </Alert>
    ) : (
      <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3">
        <span>{t('profile.loadFailed')}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void profile.refetch()}>
          {t('profile.retry')}
        </Button>
      </Alert>
    );
  }

  const person = profile.data;
  return (
    <div className="d-flex flex-column gap-4">
      <ProfileHeader profile={person} />
      <Link to={`/creator/${person.username}`} className="align-self-start">
        {t('creatorProfile.fullProfile')}
      </Link>
      {/* SPEC §2/§6: a profile whose role offers memberships (docs/permissions.md) shows the tiers. */}
      {roleHolds(person.role, 'membership.offer') && (
        <TierCard
          creatorId={person.id}
          creatorUsername={person.username}
          creatorName={person.fullName}
          creatorImage={person.avatar}
        />
      )}
      {/* Issue 43: a creator's support actions include a tip (never one's own). */}
      {user && user.id !== person.id && roleHolds(person.role, 'membership.offer') && (
        <div className="align-self-start">
          <TipButton creatorId={person.id} creatorName={person.fullName} />
        </div>
      )}
      <ContentTiles items={person.content} />
    </div>
  );
}
