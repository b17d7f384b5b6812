import type { ReactNode } from 'react';
import { rolesWith, type Permission } from '../../../common/rules/permissions';
import { ProtectedRoute } from './ProtectedRoute';

/**
 * A route only the roles holding `permission` may open (others go to /dashboard). Loaded with
 * the pages it guards, so the permission table stays out of the landing page's JavaScript. The
 * server checks the same permission on every call.
 */
export default function RoleGate({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  return <ProtectedRoute roles={rolesWith(permission)}>{children}</ProtectedRoute>;
}
