import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { adminStatusVariant } from '../../../../common/rules/hub';
import { payoutStatusVariant, type PayoutStatus } from '../../../../common/rules/payouts';
import { roleBadgeVariant, type Role } from '../../../../common/rules/roles';
import type { AdminStatus } from '../../../../common/schemas/hub';

/** SPEC §4 creator and aura statuses: active success, pending warning, suspended danger. */
export function AdminStatusBadge({ status }: { status: AdminStatus }) {
  const { t } = useTranslation();
  return <Badge bg={adminStatusVariant(status)}>{t(`masteraxis.statuses.${status}`)}</Badge>;
}

/** SPEC §4 payout statuses: active success, pending warning, inactive secondary. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  return <Badge bg={payoutStatusVariant(status)}>{t(`payouts.status.${status}`)}</Badge>;
}

/** SPEC §3 role badge colours. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Badge bg={roleBadgeVariant(role)}>{t(`masteraxis.roles.names.${role}`)}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge bg={active ? 'success' : 'secondary'}>
      {active ? t('masteraxis.roles.active') : t('masteraxis.roles.inactive')}
    </Badge>
  );
}
