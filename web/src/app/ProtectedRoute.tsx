import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { Role } from '../../../common/rules/roles';
import { useAuth } from './auth';

/**
 * SPEC §2 protected routes: signed-out visitors go to /auth; a signed-in user whose role is not
 * in `roles` goes to /dashboard. The role check is visibility only: the server enforces roles
 * on every call. The loading text covers the page's lazily loaded code.
 */
export function ProtectedRoute({
  roles,
  children,
}: {
  roles?: readonly Role[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return <Navigate to="/auth" replace />;
  if (roles && !roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return (
    <Suspense
      fallback={
        <p className="container py-5" role="status">
          {t('auth.loading')}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
