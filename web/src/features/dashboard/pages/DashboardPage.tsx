import { Alert, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { roleHolds } from '../../../../../common/rules/permissions';
import { useAuth } from '../../../app/auth';
import { CreatorTransactions } from '../../transactions/components/CreatorTransactions';
import { CreatorUpdateForm } from '../../mail/components/CreatorUpdateForm';
import { MembersPanel } from '../../members/components/MembersPanel';
import { DiscountCodesPanel } from '../../billing/components/DiscountCodesPanel';
import { InvalidDataError, useDashboard, useProfile } from '../api/dashboard';
import { EarningsCard } from '../components/EarningsCard';
import { MetricsPanel } from '../components/MetricsPanel';
import { MyItems } from '../components/MyItems';
import { ProfileCard, type ProfileCardData } from '../components/ProfileCard';
import { RecentContent } from '../components/RecentContent';
import { WarningNotices } from '../components/WarningNotices';
import { WalletShortcut } from '../components/WalletShortcut';
import { TipsPanel } from '../../tips/components/TipsPanel';

/** SPEC §2/§4 dashboard: loading, then an error (SPEC §8 texts) or the loaded page. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const profile = useProfile();
  const dashboard = useDashboard();

  if (profile.isPending || dashboard.isPending) {
    return (
      <main className="container py-5 text-center">
        <Spinner animation="border" role="status" />
        <p className="mt-2">{t('dashboard.loading')}</p>
      </main>
    );
  }

  if (profile.isError || dashboard.isError) {
    // SPEC §8: the failing fetch names the message; a body that is not the expected object is
    // 'invalidData'. All are shown after the 'fetchingError' label.
    const failed = profile.isError ? profile.error : dashboard.error;
    const message =
      failed instanceof InvalidDataError
        ? t('dashboard.invalidData')
        : profile.isError
          ? t('dashboard.fetchProfileError')
          : t('dashboard.fetchDashboardError');
    return (
      <main className="container py-5">
        <Alert variant="danger" role="alert" data-testid="dashboard-error">
          <strong>{t('dashboard.fetchingError')}</strong> {message}
        </Alert>
      </main>
    );
  }

  const { metrics, earnings, recentContent } = dashboard.data;
  // SPEC §7: a 404 profile falls back to an empty user, shown with the signed-in role.
  const card: ProfileCardData = profile.data
    ? {
        displayName: profile.data.displayName,
        username: profile.data.username,
        avatarUrl: profile.data.avatarUrl,
        role: profile.data.role,
        profileCompletion: profile.data.profileCompletion,
      }
    : {
        displayName: t('dashboard.emptyProfile'),
        username: '',
        avatarUrl: null,
        role: user?.role ?? 'user',
        profileCompletion: 0,
      };
  return (
    <main className="container py-4">
      <h1 className="h3 mb-4">{t('dashboard.title')}</h1>
      <WarningNotices />
      <Row className="g-3 mb-4">
        <Col lg={5}>
          <ProfileCard profile={card} />
        </Col>
        <Col md={7} lg={4}>
          <EarningsCard earnings={earnings} />
        </Col>
        <Col md={5} lg={3}>
          <WalletShortcut />
        </Col>
      </Row>
      <div className="mb-4">
        <MetricsPanel metrics={metrics} />
      </div>
      <MyItems />
      {user && roleHolds(user.role, 'sales.read') && <CreatorTransactions />}
      {user && roleHolds(user.role, 'sales.read') && <TipsPanel />}
      {profile.data && roleHolds(profile.data.role, 'members.manage') && <MembersPanel />}
      {profile.data && roleHolds(profile.data.role, 'membership.offer') && <CreatorUpdateForm />}
      {profile.data && roleHolds(profile.data.role, 'membership.offer') && <DiscountCodesPanel />}
      <RecentContent items={recentContent} />
    </main>
  );
}
