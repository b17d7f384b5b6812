import './shell/shell.css';
import { lazy, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AssistantMount } from '../features/ai/components/AssistantMount';
import { VisitorBar } from './header/VisitorBar';
import { BackToTop } from './shell/BackToTop';
import { Footer } from './shell/Footer';
import { smokeEffectFlag } from './shell/stored-flag';
import { installThemes, themeReady } from '../themes/theme-store';
import { useAuth } from './auth';
import { loadQueryProvider, WithQueries } from './WithQueries';

// The drawer (react-bootstrap Offcanvas) and the smoke canvas load on first use, keeping them out
// of the landing page's JavaScript.
const Drawer = lazy(() => import('./drawer/Drawer'));
const SmokeLayer = lazy(() => import('./shell/SmokeLayer'));
// The signed-in header too: a first-time visitor sees the visitor bar and never needs it.
const Header = lazy(() => import('./header/Header').then((module) => ({ default: module.Header })));
const VerificationBanner = lazy(() =>
  import('./shell/VerificationBanner').then((module) => ({
    default: module.VerificationBanner,
  })),
);

installThemes();

// Every page but the landing page talks to the server through the query client; off the
// landing page its download starts now, beside the translations, not after them.
const LANDING_PATH = '/';
if (window.location.pathname !== LANDING_PATH) void loadQueryProvider();

export function Layout() {
  // The first paint waits for the theme's stylesheet (fetched beside the translations), so the
  // page never flashes in Bootstrap's default colours.
  use(themeReady());
  const { t } = useTranslation();
  const { user } = useAuth();
  const isLanding = useLocation().pathname === LANDING_PATH;
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
        <Suspense fallback={<div className="aura-header aura-header-placeholder" />}>
          <WithQueries>
            <Header isMenuOpen={isDrawerOpen} onOpenMenu={openDrawer} />
            <VerificationBanner />
          </WithQueries>
        </Suspense>
      ) : (
        <VisitorBar isMenuOpen={isDrawerOpen} onOpenMenu={openDrawer} />
      )}
      <div id="main-content" className="aura-content flex-grow-1" tabIndex={-1}>
        <Suspense fallback={<p className="container py-5">{t('app.loading')}</p>}>
          {isLanding ? (
            <Outlet />
          ) : (
            <WithQueries>
              <Outlet />
            </WithQueries>
          )}
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
