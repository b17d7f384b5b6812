import { roleHolds, type Permission } from '../../../../../common/rules/permissions';
import type { Role } from '../../../../../common/rules/roles';

export interface AdminLink {
  id: 'users' | 'content' | 'reports' | 'sales' | 'transactions' | 'audit' | 'outbox';
  to: string;
  /** The permission the page's calls need: the same table the server checks. */
  permission: Permission;
}

/**
 * SPEC §2: the sidebar's four admin links, the transactions (issue 43), then the audit log (issue
 * 14) and the outbox (issue 16).
 */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { id: 'users', to: '/admin/users', permission: 'admin.users.read' },
  { id: 'content', to: '/admin/content', permission: 'admin.content.read' },
  { id: 'reports', to: '/admin/reports', permission: 'admin.reports.read' },
  { id: 'sales', to: '/admin/sales', permission: 'admin.sales.read' },
  // Single payments and their refunds (issue 43).
  { id: 'transactions', to: '/admin/transactions', permission: 'admin.sales.read' },
  { id: 'audit', to: '/admin/audit', permission: 'admin.audit.read' },
  { id: 'outbox', to: '/admin/outbox', permission: 'admin.outbox.read' },
];

/**
 * The links a role may use; test/mirror mode shows them all, like the drawer (SPEC §4). Only
 * visibility: the routes and the server check the role again.
 */
export const visibleAdminLinks = (role: Role, isTestMode: boolean): AdminLink[] =>
  ADMIN_LINKS.filter((link) => isTestMode || roleHolds(role, link.permission));
