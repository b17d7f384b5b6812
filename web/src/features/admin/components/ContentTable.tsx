import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminAbilities, AdminContentRow } from '../../../../../common/schemas/admin';

/**
 * SPEC §2/§3 admin content table (id, title, creator, views, sales, warnings, warn) with the
 * moderation state; `compact` is the moderation row of /admin/content without views.
 */
export function ContentTable({
  rows,
  abilities,
  onWarn,
  onHiding,
  showViews = true,
}: {
  rows: AdminContentRow[];
  abilities: AdminAbilities;
  onWarn(row: AdminContentRow): void;
  onHiding?: (row: AdminContentRow) => void;
  showViews?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table responsive hover size="sm" className="align-middle" data-testid="admin-content-table">
      <thead>
        <tr>
          <th scope="col">{t('admin.content.columns.id')}</th>
          <th scope="col">{t('admin.content.columns.title')}</th>
          <th scope="col">{t('admin.content.columns.creator')}</th>
          {showViews && (
            <th scope="col" className="text-end">
              {t('admin.content.columns.views')}
            </th>
          )}
          <th scope="col" className="text-end">
            {t('admin.content.columns.sales')}
          </th>
          <th scope="col" className="text-end">
            {t('admin.content.columns.warnings')}
          </th>
          <th scope="col">{t('admin.content.columns.state')}</th>
          <th scope="col">{t('admin.content.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="admin-content-row">
            <td>{row.id}</td>
            <td className="fw-semibold">
              <Link to={`/product/${row.id}`}>{row.title}</Link>
            </td>
            <td>{row.creator}</td>
            {showViews && <td className="text-end">{row.views}</td>}
            <td className="text-end">{row.sales}</td>
            <td className="text-end">{row.warnings}</td>
            <td>
              <div className="d-flex flex-wrap gap-1">
                {row.hidden ? (
                  <Badge bg="danger">{t('admin.content.hidden')}</Badge>
                ) : (
                  <Badge bg="success">{t('admin.content.visible')}</Badge>
                )}
                {row.status === 'unavailable' && (
                  <Badge bg="secondary">{t('admin.content.unavailable')}</Badge>
                )}
                {row.openReports > 0 && (
                  <Badge bg="warning" text="dark">
                    {t('admin.content.openReports', { count: row.openReports })}
                  </Badge>
                )}
              </div>
            </td>
            <td>
              <div className="d-flex flex-wrap gap-1">
                {abilities.canWarn && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => onWarn(row)}
                    aria-label={t('admin.actions.warnNamed', { name: row.title })}
                  >
                    {t('admin.actions.warn')}
                  </Button>
                )}
                {abilities.canHide && onHiding && (
                  <Button
                    size="sm"
                    variant={row.hidden ? 'outline-secondary' : 'danger'}
                    onClick={() => onHiding(row)}
                    aria-label={t(
                      row.hidden ? 'admin.actions.unhideNamed' : 'admin.actions.hideNamed',
                      { name: row.title },
                    )}
                  >
                    {row.hidden ? t('admin.actions.unhide') : t('admin.actions.hide')}
                  </Button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
