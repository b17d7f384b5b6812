import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isRole, roleBadgeVariant } from '../../../../../common/rules/roles';
import type { AdminAbilities, AdminUserRow } from '../../../../../common/schemas/admin';
import { formatDate } from '../../billing/components/format-date';
import './admin.css';

/** Light badge colours (SPEC §3's info for moderators) need dark text to stay readable. */
const darkTextOn = (variant: string) =>
  variant === 'info' || variant === 'warning' || variant === 'light' ? 'dark' : undefined;

const STATUS_VARIANT = { active: 'success', suspended: 'danger', deleted: 'secondary' } as const;

/** SPEC §2/§3 admin users table: id, username, email, role, registered, warn (and more). */
export function UsersTable({
  rows,
  abilities,
  onWarn,
  onSuspension,
}: {
  rows: AdminUserRow[];
  abilities: AdminAbilities;
  onWarn(row: AdminUserRow): void;
  /** Suspend or reactivate; left out where the table only warns (the admin dashboard). */
  onSuspension?: (row: AdminUserRow) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table responsive hover size="sm" className="align-middle" data-testid="admin-users-table">
      <thead>
        <tr>
          <th scope="col">{t('admin.users.columns.id')}</th>
          <th scope="col">{t('admin.users.columns.username')}</th>
          <th scope="col">{t('admin.users.columns.email')}</th>
          <th scope="col">{t('admin.users.columns.role')}</th>
          <th scope="col">{t('admin.users.columns.registered')}</th>
          <th scope="col">{t('admin.users.columns.status')}</th>
          <th scope="col" className="text-end">
            {t('admin.users.columns.warnings')}
          </th>
          <th scope="col">{t('admin.users.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="admin-user-row">
            <td>
              <code title={row.id}>{row.id.slice(0, 8)}</code>
            </td>
            <td className="fw-semibold">{row.username}</td>
            <td className="text-break">{row.email}</td>
            <td>
              <Badge
                bg={roleBadgeVariant(row.role)}
                text={darkTextOn(roleBadgeVariant(row.role))}
                className="aura-role-badge"
              >
                {isRole(row.role) ? t(`dashboard.roles.${row.role}`) : row.role}
              </Badge>
            </td>
            <td>{formatDate(row.registered, i18n.language)}</td>
            <td>
              <Badge bg={STATUS_VARIANT[row.status]}>{t(`admin.statuses.${row.status}`)}</Badge>
            </td>
            <td className="text-end">{row.warnings}</td>
            <td>
              <div className="d-flex flex-wrap gap-1">
                {abilities.canWarn && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => onWarn(row)}
                    aria-label={t('admin.actions.warnNamed', { name: row.username })}
                  >
                    {t('admin.actions.warn')}
                  </Button>
                )}
                {abilities.canSuspend && onSuspension && row.status !== 'deleted' && (
                  <Button
                    size="sm"
                    variant={row.status === 'active' ? 'danger' : 'outline-secondary'}
                    onClick={() => onSuspension(row)}
                    aria-label={t(
                      row.status === 'active'
                        ? 'admin.actions.suspendNamed'
                        : 'admin.actions.reactivateNamed',
                      { name: row.username },
                    )}
                  >
                    {row.status === 'active'
                      ? t('admin.actions.suspend')
                      : t('admin.actions.reactivate')}
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
