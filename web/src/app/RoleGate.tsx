import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rolesWith, type Permission } from '../../../common/rules/permissions';
import { testModeFlag } from './shell/stored-flag';
import { ProtectedRoute } from './ProtectedRoute';

/**
 * A route only the roles holding `permission` may open. Others go to /dashboard, except in test
 * mode, whose drawer shows them the entry: there the page says why it stays closed. Loaded with
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
  const isTestMode = testModeFlag.useValue();
  return (
    <ProtectedRoute roles={rolesWith(permission)} refused={isTestMode ? <NotForRole /> : undefined}>
      {children}
    </ProtectedRoute>
  );
}

function NotForRole() {
  const { t } = useTranslation();
  return (
    <main className="container py-5" style={{ maxWidth: 640 }} data-testid="not-for-role-page">
      <h1 className="h3">{t('shell.notForRole.title')}</h1>
      <p>{t('shell.notForRole.text')}</p>
      <Link className="btn btn-primary" to="/dashboard">
        {t('shell.notForRole.back')}
      </Link>
    </main>
  );
}
