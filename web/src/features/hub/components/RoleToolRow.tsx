import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { RoleChangeRefusalCode } from '../../../../../common/rules/hub';
import type { Role } from '../../../../../common/rules/roles';
import type { HubUserRow, HubUserUpdateRequest } from '../../../../../common/schemas/hub';
import { useUpdateHubUser } from '../api/hub';
import { RequestError } from '../../../shared/api/request';
import { ActiveBadge, RoleBadge } from './Badges';

const REFUSAL_CODES: RoleChangeRefusalCode[] = [
  'self_change',
  'superadmin_only',
  'last_superadmin',
];
const isRefusalCode = (value: unknown): value is RoleChangeRefusalCode =>
  typeof value === 'string' && (REFUSAL_CODES as string[]).includes(value);

type Outcome = { kind: 'saved' | 'ended' } | { kind: 'refused'; text: string };

/**
 * One role-tool user (SPEC §2): role badge, active badge, the role select (140 px, SPEC §9) and
 * the on/off switch. Changes go to the server; the row shows the stored state, and the result or
 * the refusal next to its controls. Controls the server would refuse are disabled.
 */
export function RoleToolRow({ user }: { user: HubUserRow }) {
  const { t } = useTranslation();
  const update = useUpdateHubUser();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const change = (patch: HubUserUpdateRequest) => {
    setOutcome(null);
    update.mutate(
      { id: user.id, change: patch },
      {
        onSuccess: (answer) => setOutcome({ kind: answer.endedSessions ? 'ended' : 'saved' }),
        onError: (error) => {
          const code =
            error instanceof RequestError ? (error.body as { code?: unknown })?.code : null;
          setOutcome({
            kind: 'refused',
            text: isRefusalCode(code) ? t(`masteraxis.roles.refusals.${code}`) : error.message,
          });
        },
      },
    );
  };

  const statusId = `role-row-status-${user.id}`;
  return (
    <tr data-testid={`role-row-${user.email}`}>
      <td>{user.name}</td>
      <td>{user.email}</td>
      <td>
        <RoleBadge role={user.role} />
      </td>
      <td>
        <ActiveBadge active={user.active} />
      </td>
      <td>
        <Form.Select
          size="sm"
          style={{ width: 140 }}
          value={user.role}
          disabled={!user.abilities.canChangeRole || update.isPending}
          onChange={(event) => change({ role: event.target.value as Role })}
          aria-label={t('masteraxis.roles.roleLabel', { name: user.name })}
          aria-describedby={statusId}
        >
          {user.assignableRoles.map((role) => (
            <option key={role} value={role}>
              {t(`masteraxis.roles.names.${role}`)}
            </option>
          ))}
        </Form.Select>
      </td>
      <td>
        <Form.Check
          type="switch"
          role="switch"
          id={`role-row-active-${user.id}`}
          checked={user.active}
          disabled={!user.abilities.canChangeActive || update.isPending}
          onChange={() => change({ active: !user.active })}
          aria-label={t('masteraxis.roles.toggleLabel', { name: user.name })}
          aria-describedby={statusId}
        />
      </td>
      <td>
        <span
          id={statusId}
          role="status"
          className={`small ${outcome?.kind === 'refused' ? 'text-danger' : 'text-success'}`}
        >
          {update.isPending
            ? t('masteraxis.roles.saving')
            : outcome?.kind === 'refused'
              ? outcome.text
              : outcome?.kind === 'ended'
                ? t('masteraxis.roles.savedEnded')
                : outcome?.kind === 'saved'
                  ? t('masteraxis.roles.saved')
                  : ''}
        </span>
      </td>
    </tr>
  );
}
