import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useOwnCreatorProfile } from '../api/creator-profiles';
import { CreatorSettingsForm } from '../components/CreatorSettingsForm';
import { settingsFormOf } from '../components/settings-form';
import { roleHolds } from '../../../../../common/rules/permissions';
import { useAuth } from '../../../app/auth';
import { TrialSettings } from '../../billing/components/TrialSettings';
import { YearlyPriceSettings } from '../../billing/components/YearlyPriceSettings';

/**
 * SPEC §2 /creator/settings: the creator profile editor. Unlike the SPEC (a built-in sample after
 * 0.5 s, saved to local storage), it loads and saves the stored profile on the server.
 */
export default function CreatorSettingsPage() {
  const { t } = useTranslation();
  const profile = useOwnCreatorProfile();
  const { user } = useAuth();
  return (
    <main className="container py-4" style={{ maxWidth: 860 }}>
      <h1 className="h3">{t('creatorSettings.title')}</h1>
      <p className="aura-muted">{t('creatorSettings.intro')}</p>
      {profile.isPending ? (
        <div className="text-center py-5">
          <Spinner animation="border" role="status" />
          <p className="mt-2">{t('creatorSettings.loading')}</p>
        </div>
      ) : profile.isError ? (
        <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3">
          <span>{t('creatorSettings.loadFailed')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void profile.refetch()}>
            {t('profile.retry')}
          </Button>
        </Alert>
      ) : (
        <CreatorSettingsForm
          // A fresh form per person: its defaults are that person's stored profile.
          key={profile.data.id}
          username={profile.data.username}
          defaults={settingsFormOf(profile.data)}
        />
      )}
      {/* Issue 43: free trials of the creator's paid tiers. */}
      {user && roleHolds(user.role, 'membership.offer') && <TrialSettings />}
      {user && roleHolds(user.role, 'membership.offer') && <YearlyPriceSettings />}
    </main>
  );
}
