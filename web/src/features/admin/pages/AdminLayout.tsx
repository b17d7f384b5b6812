import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useAuth } from '../../../app/auth';
import { testModeFlag } from '../../../app/shell/stored-flag';
import { visibleAdminLinks } from '../components/admin-links';

/** SPEC §2: every admin page has a sidebar with the admin links. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isTestMode = testModeFlag.useValue();
  const links = user ? visibleAdminLinks(user.role, isTestMode) : [];
  const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

  return (
    <div className="container-fluid py-4">
      <div className="row g-4">
        <aside className="col-md-3 col-lg-2">
          <nav aria-label={t('admin.sidebar.label')} data-testid="admin-sidebar">
            <NavLink to="/admin" end className="h6 d-block text-decoration-none mb-2">
              {t('admin.sidebar.overview')}
            </NavLink>
            <ul className="nav nav-pills flex-column gap-1">
              {links.map((link) => (
                <li className="nav-item" key={link.id}>
                  <NavLink to={link.to} className={linkClass}>
                    {t(`admin.sidebar.${link.id}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main className="col-md-9 col-lg-10 min-w-0">
          <Suspense
            fallback={
              <p role="status" className="aura-muted">
                {t('admin.loading')}
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
