import { useEffect } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { VERSION_TAG } from '../../../../common/version';
import { syncServerRole } from '../../features/auth/api/session-role';
import { useAuth } from '../auth';
import { testModeFlag } from '../shell/stored-flag';
import { visibleMenuGroups } from './menu-entries';

import { DRAWER_ID } from './drawer-id';

/** SPEC §2: the right-side drawer (256px, see shell.css) with the role-dependent entries. */
export default function Drawer({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const isTestMode = testModeFlag.useValue();
  const groups = visibleMenuGroups(user?.role ?? null, isTestMode);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId) void syncServerRole(userId);
  }, [userId]);

  const logOut = async () => {
    onHide();
    await signOut();
    await navigate('/');
  };

  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="end"
      id={DRAWER_ID}
      className="aura-drawer"
      aria-labelledby={`${DRAWER_ID}-title`}
      data-testid="drawer"
    >
      <Offcanvas.Header closeButton closeLabel={t('shell.drawer.close')}>
        <Offcanvas.Title as="h2" id={`${DRAWER_ID}-title`} className="h5">
          {t('shell.drawer.title')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column gap-3">
        {groups.length > 0 && (
          <nav aria-label={t('shell.drawer.navLabel')}>
            {groups.map((group) => (
              <section key={group.id} className="aura-drawer-group">
                <h3 className="aura-drawer-heading" id={`drawer-group-${group.id}`}>
                  {t(`shell.drawer.groups.${group.id}`)}
                </h3>
                <ul className="list-unstyled mb-0" aria-labelledby={`drawer-group-${group.id}`}>
                  {group.entries.map((entry) => (
                    <li key={entry.id} className="d-flex align-items-center">
                      <Link
                        to={entry.to}
                        className="aura-drawer-link"
                        onClick={onHide}
                        aria-describedby={entry.isAllowed ? undefined : 'drawer-not-for-role'}
                      >
                        {t(`shell.drawer.entries.${entry.id}`)}
                      </Link>
                      {!entry.isAllowed && (
                        <span className="badge text-bg-secondary ms-1" data-testid="not-for-role">
                          {t('shell.drawer.notForRole')}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        )}
        <div>
          {user ? (
            <button
              type="button"
              className="btn btn-outline-secondary w-100"
              onClick={() => void logOut()}
            >
              {t('shell.drawer.logout')}
            </button>
          ) : (
            <Link to="/auth?tab=login" className="btn btn-primary w-100" onClick={onHide}>
              {t('shell.drawer.login')}
            </Link>
          )}
        </div>
        <div className="mt-auto">
          <div className="form-check form-switch">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id="test-mode-switch"
              aria-describedby="test-mode-hint"
              checked={isTestMode}
              onChange={(event) => testModeFlag.write(event.target.checked)}
            />
            <label className="form-check-label" htmlFor="test-mode-switch">
              {t('shell.drawer.testMode')}
            </label>
          </div>
          <p id="test-mode-hint" className="small aura-muted mb-2">
            {t('shell.drawer.testModeHint')}
          </p>
          {isTestMode && (
            <p id="drawer-not-for-role" className="visually-hidden">
              {t('shell.drawer.notForRoleHint')}
            </p>
          )}
          <p className="small aura-muted mb-0" data-testid="version-tag">
            <span className="visually-hidden">{t('shell.drawer.version')} </span>
            {VERSION_TAG}
          </p>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
