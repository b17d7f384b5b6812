import '../components/shell/shell.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AssistantMount } from '../components/assistant/AssistantMount';
import { Header } from '../components/header/Header';
import { VisitorBar } from '../components/header/VisitorBar';
import { BackToTop } from '../components/shell/BackToTop';
import { Footer } from '../components/shell/Footer';
import { smokeEffectFlag } from '../components/shell/stored-flag';
import { installThemes } from '../themes/theme-store';
import { useAuth } from './auth';

// The drawer (react-bootstrap Offcanvas) and the smoke canvas load on first use, keeping them out
// of the landing page's JavaScript.
const Drawer = lazy(() => import('../components/drawer/Drawer'));
const SmokeLayer = lazy(() => import('../components/shell/SmokeLayer'));

installThemes();

export function Layout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isSmokeOn = smokeEffectFlag.useValue();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [hasDrawerOpened, setDrawerOpened] = useState(false);
  const openDrawer = () => {
    setDrawerOpened(true);
    setDrawerOpen(true);
  };
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable aura-skip-link">
        {t('shell.skipToContent')}
      </a>
      {isSmokeOn && (
        <Suspense fallback={null}>
          <SmokeLayer />
        </Suspense>
      )}
      {user ? (
        <Header isMenuOpen={isDrawerOpen} onOpenMenu={openDrawer} />
      ) : (
        <VisitorBar isMenuOpen={isDrawerOpen} onOpenMenu={openDrawer} />
      )}
      <div id="main-content" className="aura-content flex-grow-1" tabIndex={-1}>
        <Suspense fallback={<p className="container py-5">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <BackToTop />
      <AssistantMount />
      {hasDrawerOpened && (
        <Suspense fallback={null}>
          <Drawer show={isDrawerOpen} onHide={closeDrawer} />
        </Suspense>
      )}
    </div>
  );
}
