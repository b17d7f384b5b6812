import { ERROR_CATALOGUE } from '../errors';
import { can, isStaffRole, roleHolds, type Actor } from './permissions';
import type { Role } from './roles';

/*
 * Control Hub rules (issue 15): the statuses of creators and auras, and the rails of the role
 * tools. The server refuses with these; the hub's presenter turns them into per-row abilities so
 * the web disables what the server would refuse.
 */

/** SPEC §3 admin creator and aura statuses (and the SPEC §9 status filter without "all"). */
export const ADMIN_STATUSES = ['active', 'pending', 'suspended'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** SPEC §4 badges: active success, pending warning, suspended danger, anything else secondary. */
export function adminStatusVariant(status: string): string {
  switch (status) {
    case 'active':
      return 'success';
    case 'pending':
      return 'warning';
    case 'suspended':
      return 'danger';
    default:
      return 'secondary';
  }
}

/**
 * docs/features.md "Control Hub": a creator whose account is suspended is `suspended`; one with at least
 * one listed item is `active`; one with none yet is `pending`.
 */
export function creatorStatus(accountStatus: string, listedItems: number): AdminStatus {
  if (accountStatus !== 'active') return 'suspended';
  return listedItems > 0 ? 'active' : 'pending';
}

/**
 * docs/features.md "Control Hub": an aura (item) is `active` while listed, `pending` while its creator
 * keeps it unavailable, and `suspended` while its creator's account is suspended.
 */
export function auraStatus(
  item: { status: string; hidden: boolean },
  creatorAccountStatus: string,
): AdminStatus {
  // A moderator's hide takes an item off the platform like a suspension (issue 14).
  if (creatorAccountStatus !== 'active' || item.hidden) return 'suspended';
  return item.status === 'available' ? 'active' : 'pending';
}

/** SPEC §2 role filter of the role tools (besides "all"). */
export const ROLE_TOOL_FILTER: readonly Role[] = [
  'superadmin',
  'admin',
  'moderator',
  'creator',
  'user',
];

export type RoleChangeRefusalCode = 'self_change' | 'superadmin_only' | 'last_superadmin';

export interface RoleChangeRefusal {
  status: 403 | 409;
  code: RoleChangeRefusalCode;
  error: string;
}

export interface RoleToolTarget {
  id: string;
  role: Role;
  active: boolean;
}

export interface RoleToolChange {
  role?: Role;
  active?: boolean;
}

// The texts and statuses are the error catalogue's, so the answer and this rule cannot drift.
const refusalOf = (code: RoleChangeRefusalCode): RoleChangeRefusal => ({
  status: ERROR_CATALOGUE[code].status as RoleChangeRefusal['status'],
  code,
  error: ERROR_CATALOGUE[code].text,
});

const REFUSALS: Record<RoleChangeRefusalCode, RoleChangeRefusal> = {
  self_change: refusalOf('self_change'),
  superadmin_only: refusalOf('superadmin_only'),
  last_superadmin: refusalOf('last_superadmin'),
};

/** Whether the change would alter anything (a repeated or empty change is no change). */
export function changesAnything(target: RoleToolTarget, change: RoleToolChange): boolean {
  const changesRole = change.role !== undefined && change.role !== target.role;
  const changesActive = change.active !== undefined && change.active !== target.active;
  return changesRole || changesActive;
}

/**
 * The rails of the role tools (issue 15), or null when `actor` may make `change` to `target`:
 *   - nobody changes their own role or active state;
 *   - only a role with `staff.manage` (superadmin) grants or removes a staff role (admin,
 *     superadmin: `isStaffRole`), or changes such an account;
 *   - the last active account with `staff.manage` is never demoted or deactivated
 *     (`activeSuperadmins` counts them now; the server counts them under a row lock).
 * Whether the actor may use the role tools at all is `authorize(actor, 'hub.roles.write')`.
 */
export function roleChangeRefusal(
  actor: Actor,
  target: RoleToolTarget,
  change: RoleToolChange,
  activeSuperadmins: number,
): RoleChangeRefusal | null {
  if (!changesAnything(target, change)) return null;
  if (actor.id === target.id) return REFUSALS.self_change;
  const grantsStaff = change.role !== undefined && isStaffRole(change.role);
  if (!can(actor, 'staff.manage') && (isStaffRole(target.role) || grantsStaff)) {
    return REFUSALS.superadmin_only;
  }
  // The last account that manages staff stays: otherwise nobody could.
  const removesSuperadmin =
    roleHolds(target.role, 'staff.manage') &&
    target.active &&
    ((change.role !== undefined && !roleHolds(change.role, 'staff.manage')) ||
      change.active === false);
  if (removesSuperadmin && activeSuperadmins <= 1) return REFUSALS.last_superadmin;
  return null;
}

/** The roles `actor` may give `target` now (its current role included), for the row's select. */
export function assignableRoles(
  actor: Actor,
  target: RoleToolTarget,
  roles: readonly Role[],
  activeSuperadmins: number,
): Role[] {
  if (!can(actor, 'hub.roles.write')) return [target.role];
  return roles.filter(
    (role) => roleChangeRefusal(actor, target, { role }, activeSuperadmins) === null,
  );
}
