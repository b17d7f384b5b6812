import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAcknowledgeWarning, useMyWarnings, useWarningsLive } from '../../users/api/warnings';
import { formatDate } from '../../billing/components/format-date';

/**
 * Issue 14: the moderators' warnings to the signed-in person, until they acknowledge them.
 * Nothing shows while loading, when there are none, or when the list cannot be read (the
 * dashboard itself still works).
 */
export function WarningNotices() {
  const { t, i18n } = useTranslation();
  const warnings = useMyWarnings();
  useWarningsLive();
  const acknowledge = useAcknowledgeWarning();
  const list = warnings.data?.warnings ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="warning-notices-title" className="mb-4" data-testid="warning-notices">
      <h2 className="h5" id="warning-notices-title">
        {t('warnings.title')}
      </h2>
      {list.map((warning) => (
        <Alert
          key={warning.id}
          variant="warning"
          className="d-flex flex-wrap gap-3 align-items-start"
        >
          <div className="flex-grow-1" style={{ overflowWrap: 'anywhere' }}>
            <p className="mb-1">
              {t('warnings.notice', { date: formatDate(warning.date, i18n.language) })}{' '}
              <strong>{warning.reason}</strong>
            </p>
            {warning.itemId && (
              <p className="small mb-0">
                {t('warnings.about')}{' '}
                <Link to={`/product/${warning.itemId}`}>{warning.itemTitle ?? warning.itemId}</Link>
              </p>
            )}
          </div>
          <Button
            size="sm"
            variant="outline-dark"
            disabled={acknowledge.isPending}
            onClick={() => acknowledge.mutate(warning.id)}
          >
            {t('warnings.acknowledge')}
          </Button>
        </Alert>
      ))}
      {acknowledge.isError && (
        <p className="small text-danger" role="alert">
          {t('warnings.acknowledgeError', { message: acknowledge.error.message })}
        </p>
      )}
    </section>
  );
}
