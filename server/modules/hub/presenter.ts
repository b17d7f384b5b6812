import { assignableRoles, creatorStatus, roleChangeRefusal } from '../../../common/rules/hub';
import { displayNameOf, type NameParts } from '../../../common/rules/display-name';
import { moneyList, type MoneyByCurrency } from '../../../common/rules/money';
import { presentAbilities, type Actor } from '../../../common/rules/permissions';
import { ROLES, type Role } from '../../../common/rules/roles';
import type { CurrencyAmount, HubCreatorRow, HubUserRow } from '../../../common/schemas/hub';

/** The name the hub shows for a person (the one rule of common/rules/display-name.ts). */
export const personName = (person: NameParts): string => displayNameOf(person);

/** Per-currency totals as the API lists them (never added across currencies). */
export const toAmounts = (totals: MoneyByCurrency): CurrencyAmount[] =>
  moneyList(totals).map(({ currency, cents }) => ({ currency, cents }));

/** Likes and comments per listed item, one decimal; 0 without listed items. */
export const engagementOf = (events: number, listedItems: number): number =>
  listedItems > 0 ? Math.round((events / listedItems) * 10) / 10 : 0;

export function presentCreatorRow(
  row: NameParts & {
    id: string;
    accountStatus: string;
    listedItems: number;
    followers: number;
    engagementEvents: number;
  },
): HubCreatorRow {
  return {
    id: row.id,
    name: personName(row),
    username: row.username,
    status: creatorStatus(row.accountStatus, row.listedItems),
    followers: row.followers,
    engagement: engagementOf(row.engagementEvents, row.listedItems),
  };
}

/** SPEC §3 role-tool user, with what `viewer` may change on it (the rails of common/rules/hub.ts). */
export function presentHubUser(
  viewer: Actor,
  row: NameParts & { id: string; email: string; role: Role; status: string },
  activeSuperadmins: number,
): HubUserRow {
  const target = { id: row.id, role: row.role, active: row.status === 'active' };
  const roles = assignableRoles(viewer, target, ROLES, activeSuperadmins);
  const toggleRefusal = roleChangeRefusal(
    viewer,
    target,
    { active: !target.active },
    activeSuperadmins,
  );
  return {
    id: row.id,
    name: personName(row),
    email: row.email,
    role: row.role,
    active: target.active,
    assignableRoles: roles,
    abilities: presentAbilities(viewer, {
      canChangeRole: { permission: 'hub.roles.write', when: roles.some((r) => r !== row.role) },
      canChangeActive: { permission: 'hub.roles.write', when: toggleRefusal === null },
    }),
  };
}
