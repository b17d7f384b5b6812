import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminStatusVariant } from '../../../../../common/rules/hub';
import { payoutStatusVariant, type PayoutStatus } from '../../../../../common/rules/payouts';
import { roleBadgeVariant, type Role } from '../../../../../common/rules/roles';
import type { AdminStatus } from '../../../../../common/schemas/hub';

/**
 * A badge in a Bootstrap variant; `text-bg-*` picks a text colour that keeps its contrast on
 * every variant (white on yellow would not).
 */
function VariantBadge({ variant, children }: { variant: string; children: ReactNode }) {
  return <span className={`badge text-bg-${variant}`}>{children}</span>;
}

/** SPEC §4 creator and aura statuses: active success, pending warning, suspended danger. */
export function AdminStatusBadge({ status }: { status: AdminStatus }) {
  const { t } = useTranslation();
  return (
    <VariantBadge variant={adminStatusVariant(status)}>
      {t(`masteraxis.statuses.${status}`)}
    </VariantBadge>
  );
}

/** SPEC §4 payout statuses: active success, pending warning, inactive secondary. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  return (
    <VariantBadge variant={payoutStatusVariant(status)}>
      {t(`payouts.status.${status}`)}
    </VariantBadge>
  );
}

/** SPEC §3 role badge colours. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <VariantBadge variant={roleBadgeVariant(role)}>
      {t(`masteraxis.roles.names.${role}`)}
    </VariantBadge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <VariantBadge variant={active ? 'success' : 'secondary'}>
      {active ? t('masteraxis.roles.active') : t('masteraxis.roles.inactive')}
    </VariantBadge>
  );
}
