import type { ErrorCode } from '../../../common/errors';
import { can, isStaffRole, presentAbilities, type Actor } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';
import type { AdminAbilities } from '../../../common/schemas/admin';

/** What the signed-in staff member may do in the admin area (issue 14), for the web's buttons. */
export const adminAbilities = (actor: Actor): AdminAbilities =>
  presentAbilities(actor, {
    canWarn: 'admin.warn',
    canSuspend: 'admin.users.suspend',
    canHide: 'admin.items.hide',
    canResolveReports: 'admin.reports.resolve',
    canReadSales: 'admin.sales.read',
    canReadAudit: 'admin.audit.read',
  });

/**
 * Who may suspend whom, beyond holding `admin.users.suspend`: nobody suspends themselves, and
 * only a role with `staff.manage` (superadmin) suspends a staff account, one that could suspend
 * others (an admin or a superadmin).
 */
export function suspensionRefusal(
  actor: Actor,
  target: { id: string; role: Role },
): ErrorCode | null {
  if (actor.id === target.id) return 'cannot_suspend_self';
  if (isStaffRole(target.role) && !can(actor, 'staff.manage')) {
    return 'suspend_admin_superadmin_only';
  }
  return null;
}

/** Nobody warns themselves (or their own item). */
export const isSelfWarning = (actor: Actor, warnedUserId: string) => actor.id === warnedUserId;

/** A LIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
