import { useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminAbilities } from '../../../../../common/schemas/admin';
import type { Report, ReportAction } from '../../../../../common/schemas/reports';
import { useAdminReports, useAdminWarnings, useResolveReport } from '../api/admin';
import { formatDate } from '../../billing/components/format-date';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog';
import { ListStatus, LoadMore } from '../components/ListStatus';

/** Which resolutions a report offers this moderator (the server checks them again). */
function actionsFor(report: Report, abilities: AdminAbilities): ReportAction[] {
  const actions: ReportAction[] = ['dismiss'];
  if (abilities.canWarn && report.targetUserId) actions.push('warn');
  if (abilities.canHide && report.targetType === 'item') actions.push('hide');
  if (abilities.canSuspend && report.targetUserId) actions.push('suspend');
  return actions;
}

function WarningsSection() {
  const { t, i18n } = useTranslation();
  const warnings = useAdminWarnings();
  const rows = warnings.data?.pages.flatMap((page) => page.warnings) ?? [];
  return (
    <section aria-labelledby="admin-warnings-title">
      <h2 className="h5" id="admin-warnings-title">
        {t('admin.reports.warnings')}
      </h2>
      <ListStatus
        query={warnings}
        isEmpty={rows.length === 0}
        emptyText={t('admin.reports.warningsEmpty')}
        testId="admin-warnings"
      >
        <Table responsive size="sm" className="align-middle" data-testid="admin-warnings-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.reports.warningColumns.id')}</th>
              <th scope="col">{t('admin.reports.warningColumns.user')}</th>
              <th scope="col">{t('admin.reports.warningColumns.reason')}</th>
              <th scope="col">{t('admin.reports.warningColumns.date')}</th>
              <th scope="col">{t('admin.reports.warningColumns.item')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={w.id} data-testid="admin-warning-row">
                <td>{w.id}</td>
                <td className="fw-semibold">{w.user}</td>
                <td style={{ overflowWrap: 'anywhere' }}>{w.reason}</td>
                <td>{formatDate(w.date, i18n.language)}</td>
                <td>
                  {w.itemId && <Link to={`/product/${w.itemId}`}>{w.itemTitle ?? w.itemId}</Link>}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore
          hasMore={warnings.hasNextPage}
          isLoading={warnings.isFetchingNextPage}
          onLoad={() => void warnings.fetchNextPage()}
        />
      </ListStatus>
    </section>
  );
}

function ReportsSection() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useAdminReports(status);
  const resolve = useResolveReport();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  const abilities = reports.data?.pages[0]?.abilities;

  const ask = (report: Report, action: ReportAction) => {
    setNotice(null);
    setConfirming({
      title: t('admin.confirm.resolve', {
        id: report.id,
        action: t(`admin.reports.resolveActions.${action}`),
      }),
      body: t(`admin.confirm.resolveBody.${action}`, { name: report.targetUser ?? '' }),
      confirmLabel: t(`admin.reports.resolveActions.${action}`),
      variant: action === 'dismiss' ? 'primary' : action === 'warn' ? 'warning' : 'danger',
      reasonHint: t('admin.actions.reasonAudit'),
      run: async (note) => {
        await resolve.mutateAsync({ id: report.id, action, note });
        setNotice(t('admin.reports.resolvedNotice', { id: report.id }));
      },
    });
  };

  return (
    <section aria-labelledby="admin-reports-title">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <h2 className="h5 mb-0" id="admin-reports-title">
          {status === 'open' ? t('admin.reports.open') : t('admin.reports.resolved')}
        </h2>
        <Form.Check
          type="switch"
          id="admin-reports-resolved"
          label={t('admin.reports.showResolved')}
          checked={status === 'resolved'}
          onChange={(event) => setStatus(event.target.checked ? 'resolved' : 'open')}
        />
      </div>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      )}
      <ListStatus
        query={reports}
        isEmpty={rows.length === 0}
        emptyText={t('admin.reports.empty')}
        testId="admin-reports"
      >
        <Table responsive size="sm" className="align-middle" data-testid="admin-reports-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.reports.columns.id')}</th>
              <th scope="col">{t('admin.reports.columns.target')}</th>
              <th scope="col">{t('admin.reports.columns.reason')}</th>
              <th scope="col">{t('admin.reports.columns.reporter')}</th>
              <th scope="col">{t('admin.reports.columns.date')}</th>
              <th scope="col">
                {status === 'open'
                  ? t('admin.reports.columns.actions')
                  : t('admin.reports.columns.resolution')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((report) => (
              <tr key={report.id} data-testid="admin-report-row">
                <td>{report.id}</td>
                <td style={{ overflowWrap: 'anywhere', maxWidth: '22rem' }}>
                  <Badge bg="secondary" className="me-1">
                    {t(`admin.reports.targetTypes.${report.targetType}`)}
                  </Badge>
                  {report.itemId ? (
                    <Link to={`/product/${report.itemId}`}>
                      {report.targetLabel ?? report.targetId}
                    </Link>
                  ) : (
                    (report.targetLabel ?? report.targetId)
                  )}
                  {report.targetUser && report.targetType !== 'user' && (
                    <div className="small aura-muted">
                      {t('admin.reports.about', { name: report.targetUser })}
                    </div>
                  )}
                </td>
                <td style={{ overflowWrap: 'anywhere', maxWidth: '18rem' }}>
                  <span className="fw-semibold">{t(`report.reasons.${report.reason}`)}</span>
                  {report.text && <div className="small">{report.text}</div>}
                </td>
                <td>{report.reporter}</td>
                <td>{formatDate(report.createdAt, i18n.language)}</td>
                <td>
                  {report.status === 'open' && abilities?.canResolveReports ? (
                    <div className="d-flex flex-wrap gap-1">
                      {actionsFor(report, abilities).map((action) => (
                        <Button
                          key={action}
                          size="sm"
                          variant={
                            action === 'dismiss'
                              ? 'outline-secondary'
                              : action === 'warn'
                                ? 'outline-primary'
                                : 'danger'
                          }
                          onClick={() => ask(report, action)}
                          aria-label={t('admin.reports.resolveNamed', {
                            action: t(`admin.reports.resolveActions.${action}`),
                            id: report.id,
                          })}
                        >
                          {t(`admin.reports.resolveActions.${action}`)}
                        </Button>
                      ))}
                    </div>
                  ) : report.resolution ? (
                    <span className="small">
                      {t(`admin.reports.resolution.${report.resolution}`)}
                      {report.resolvedBy &&
                        ` ${t('admin.reports.resolvedBy', { name: report.resolvedBy })}`}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore
          hasMore={reports.hasNextPage}
          isLoading={reports.isFetchingNextPage}
          onLoad={() => void reports.fetchNextPage()}
        />
      </ListStatus>
      {confirming && <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />}
    </section>
  );
}

/** SPEC §2 /admin/reports: the warnings table (id, user, reason, date) and the reports queue. */
export default function AdminReportsPage() {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column gap-4">
      <h1 className="h3 mb-0">{t('admin.reports.title')}</h1>
      <WarningsSection />
      <ReportsSection />
    </div>
  );
}
