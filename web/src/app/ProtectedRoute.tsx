import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { withReturnTo } from '../../../common/rules/return-to';
import type { Role } from '../../../common/rules/roles';
import { useAuth } from './auth';

/**
 * SPEC §2 protected routes: signed-out visitors go to /auth; a signed-in user whose role is not
 * in `roles` goes to /dashboard. The role check is visibility only: the server enforces roles
 * on every call. The loading text covers the page's lazily loaded code.
 */
export function ProtectedRoute({
  roles,
  refused,
  children,
}: {
  roles?: readonly Role[];
  /** Shown to a signed-in user whose role is not in `roles`, instead of sending them off. */
  refused?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId)
      void import('../features/auth/api/session-role').then((m) => m.syncServerRole(userId));
  }, [userId]);
  const location = useLocation();
  const loading = (
    <p className="container py-5" role="status">
      {t('auth.loading')}
    </p>
  );
  // Issue 10: after signing in, the visitor comes back to the page they asked for.
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (!user) return <Navigate to={withReturnTo('/auth', here)} replace />;
  if (roles && !roles.includes(user.role)) {
    // The token may predate a promotion: wait for the server's answer before sending them off.
    if (!user.isRoleConfirmed) return loading;
    return refused ?? <Navigate to="/dashboard" replace />;
  }
  return <Suspense fallback={loading}>{children}</Suspense>;
}
