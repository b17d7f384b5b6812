import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { VERSION_TAG } from '../../../../../common/version';

/** SPEC §2 first panel: the version tag and three bullets. */
export function SystemMetaPanel() {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby="hub-meta" data-testid="hub-meta">
      <Card.Body>
        <h2 id="hub-meta" className="h5">
          {t('masteraxis.meta.title')}
        </h2>
        <p className="mb-2">
          <span className="aura-muted me-2">{t('masteraxis.meta.version')}</span>
          <span className="font-monospace fw-semibold" data-testid="hub-version-tag">
            {VERSION_TAG}
          </span>
        </p>
        <ul className="mb-0">
          <li>{t('masteraxis.meta.unifiedDashboard')}</li>
          <li>{t('masteraxis.meta.creatorMapping')}</li>
          <li>{t('masteraxis.meta.smartPayout')}</li>
        </ul>
      </Card.Body>
    </Card>
  );
}
