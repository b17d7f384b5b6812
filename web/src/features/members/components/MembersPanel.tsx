import { useState } from 'react';
import { Alert, Badge, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../common/rules/money';
import type { MemberStatus } from '../../../../../common/schemas/members';
import { formatDate } from '../../billing/components/format-date';
import { fetchMembersCsv, useCreatorMembers } from '../api/members';
import { CompForm } from './CompForm';
import { ImportPanel } from './ImportPanel';

const STATUS_VARIANT: Record<MemberStatus, string> = {
  follower: 'secondary',
  member: 'success',
  complimentary: 'info',
  past_due: 'warning',
  former_member: 'dark',
};

/**
 * The creator's members (issue 42): followers and members with their status (complimentary ones
 * marked), the CSV export, a complimentary membership form and the import panel.
 */
export function MembersPanel() {
  const { t, i18n } = useTranslation();
  const members = useCreatorMembers();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = async () => {
    setDownloadError(null);
    try {
      const url = URL.createObjectURL(await fetchMembersCsv());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'members.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section aria-labelledby="dashboard-members" className="mb-4" data-testid="members-panel">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="dashboard-members" className="h5 mb-0 me-auto">
          {t('members.title')}
          {members.data ? ` (${members.data.total})` : ''}
        </h2>
        <Button variant="outline-primary" size="sm" onClick={() => void download()}>
          {t('members.downloadCsv')}
        </Button>
      </div>
      <p className="small text-muted">{t('members.csvNote')}</p>
      {downloadError && (
        <Alert variant="danger">{t('members.downloadFailed', { message: downloadError })}</Alert>
      )}
      {members.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label={t('members.loading')} />
      ) : members.isError ? (
        <Alert variant="danger">{t('members.loadError', { message: members.error.message })}</Alert>
      ) : members.data.members.length === 0 ? (
        <p className="text-muted">{t('members.empty')}</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle" data-testid="members-table">
          <thead>
            <tr>
              <th>{t('members.person')}</th>
              <th>{t('members.status')}</th>
              <th>{t('members.tier')}</th>
              <th>{t('members.since')}</th>
              <th>{t('members.paid')}</th>
            </tr>
          </thead>
          <tbody>
            {members.data.members.map((m) => (
              <tr key={m.userId} data-testid={`member-${m.username}`}>
                <td>
                  <div className="fw-semibold">{m.displayName}</div>
                  <div className="small text-muted">
                    @{m.username}
                    {m.email ? ` · ${m.email}` : ''}
                  </div>
                </td>
                <td>
                  <Badge bg={STATUS_VARIANT[m.status]}>{t(`members.statuses.${m.status}`)}</Badge>
                  {m.accessUntil && m.status !== 'former_member' && (
                    <div className="small text-muted">
                      {t('members.until', { date: formatDate(m.accessUntil, i18n.language) })}
                    </div>
                  )}
                </td>
                <td>{m.tier ?? '–'}</td>
                <td>{formatDate(m.memberSince, i18n.language)}</td>
                <td>
                  {m.paid.length === 0
                    ? '–'
                    : m.paid
                        .map((p) => formatMoney(p.cents, p.currency, i18n.language))
                        .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CompForm />
      <ImportPanel />
    </section>
  );
}
