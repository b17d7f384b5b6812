import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../../common/rules/permissions';
import { useAuth } from '../../../app/auth';
import { CreatorMappingPanel } from '../components/CreatorMappingPanel';
import { DashboardPanel } from '../components/DashboardPanel';
import { PayoutRoutingPanel } from '../components/PayoutRoutingPanel';
import { RoleToolsPanel } from '../components/RoleToolsPanel';
import { SystemMetaPanel } from '../components/SystemMetaPanel';

/**
 * SPEC §2 /masteraxis, "Control Hub": five panels stacked in the SPEC's order. Every figure
 * comes from the server; agency and studio see the panels with their controls disabled (the
 * answers carry what the viewer may do, and the server refuses the rest anyway).
 */
export default function HubPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isReadOnly = !!user && !can(user, 'hub.roles.write');
  useEffect(() => {
    const previous = document.title;
    document.title = `${t('masteraxis.title')} · Aura`;
    return () => {
      document.title = previous;
    };
  }, [t]);

  return (
    <main className="container py-4 d-flex flex-column gap-4">
      <h1 className="h3 mb-0">{t('masteraxis.title')}</h1>
      {isReadOnly && (
        <Alert variant="info" className="mb-0" data-testid="hub-read-only">
          {t('masteraxis.readOnly')}
        </Alert>
      )}
      <SystemMetaPanel />
      <DashboardPanel />
      <CreatorMappingPanel />
      <PayoutRoutingPanel />
      <RoleToolsPanel />
    </main>
  );
}
