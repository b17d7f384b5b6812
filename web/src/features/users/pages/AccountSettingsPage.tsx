import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../dashboard/api/dashboard';
import { FeedLinksSection } from '../../feeds/components/FeedLinksSection';
import { LabelledProgress } from '../../items/components/LabelledProgress';
import { ChangeEmailForm } from '../components/ChangeEmailForm';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { DeleteAccountForm } from '../components/DeleteAccountForm';
import { LinkGoogleForm } from '../components/LinkGoogleForm';
import { NewPostMailForm } from '../components/NewPostMailForm';
import { NoticeSettingsForm } from '../components/NoticeSettingsForm';
import { PersonalDetailsForm } from '../components/PersonalDetailsForm';
import { detailsFormOf } from '../components/account-settings-forms';

/**
 * Account settings (issue 12, linked from the drawer): personal details, password, email, the
 * Google link, the e-mail notices (issue 16), the new-post e-mails per creator and the private
 * feed links (issue 42) and deleting the account, each saved on the server.
 */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <main className="container py-4 d-flex flex-column gap-4" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-0">{t('accountSettings.title')}</h1>
      {profile.isPending ? (
        <div className="text-center py-5">
          <Spinner animation="border" role="status" />
          <p className="mt-2">{t('accountSettings.loading')}</p>
        </div>
      ) : profile.isError || !profile.data ? (
        <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3">
          <span>{t('accountSettings.loadFailed')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void profile.refetch()}>
            {t('profile.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <div>
            <p id="account-completion-label" className="small mb-1">
              {t('accountSettings.completion', { percent: profile.data.profileCompletion })}
            </p>
            <LabelledProgress
              now={profile.data.profileCompletion}
              variant={profile.data.profileCompletion === 100 ? 'success' : 'primary'}
              labelledBy="account-completion-label"
              data-testid="profile-completion"
            />
          </div>
          <PersonalDetailsForm
            key={`details-${profile.data.id}`}
            defaults={detailsFormOf(profile.data)}
          />
          <ChangePasswordForm />
          <ChangeEmailForm currentEmail={profile.data.email} />
          <LinkGoogleForm />
          <NoticeSettingsForm />
          <NewPostMailForm />
          <FeedLinksSection />
          <DeleteAccountForm />
        </>
      )}
    </main>
  );
}
