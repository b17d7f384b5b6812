import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cycleTheme, useThemeName } from '../../themes/theme-store';
import { DRAWER_ID } from '../drawer/drawer-id';
import { useChatPanel } from '../shell/chat-panel-state';
import {
  ChatIcon,
  CompassIcon,
  DashboardIcon,
  EnvelopeIcon,
  GearIcon,
  MenuIcon,
  PaletteIcon,
} from '../shell/icons';
import { LanguageSwitcher } from '../shell/LanguageSwitcher';
import { useScrolledPast } from '../shell/use-scrolled-past';
import { IconButton, IconLink } from './IconAction';

const TRANSPARENT_AFTER_PX = 10; // SPEC §9

// The unread badge and the live connection load with the signed-in header, not the landing page.
const MessagesLink = lazy(() => import('./MessagesLink'));

/** SPEC §2: the signed-in header, sticky, transparent once the page scrolls. */
export function Header({
  isMenuOpen,
  onOpenMenu,
}: {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation();
  const isScrolled = useScrolledPast(TRANSPARENT_AFTER_PX);
  const theme = useThemeName();
  const chat = useChatPanel();
  return (
    <header
      className={`aura-header sticky-top${isScrolled ? ' is-transparent' : ''}`}
      data-testid="app-header"
    >
      <div className="container-fluid d-flex flex-wrap align-items-center gap-1 py-2">
        <Link to="/" className="aura-brand me-auto" aria-label={t('shell.header.home')}>
          <img src="/logo-aura.svg" alt="" width="32" height="32" />
          <span className="d-none d-md-inline" aria-hidden="true">
            {t('app.name')}
          </span>
        </Link>
        <nav aria-label={t('shell.header.navLabel')} className="d-flex align-items-center">
          <IconButton
            label={t('shell.header.cycleTheme', { theme: t(`themes.${theme}`) })}
            data-testid="theme-cycle"
            onClick={cycleTheme}
          >
            <PaletteIcon />
          </IconButton>
          <IconLink to="/discover" label={t('shell.header.discover')}>
            <CompassIcon />
          </IconLink>
          <IconLink to="/dashboard" label={t('shell.header.dashboard')}>
            <DashboardIcon />
          </IconLink>
          <Suspense
            fallback={
              <IconLink to="/messages" label={t('shell.header.messages')}>
                <EnvelopeIcon />
              </IconLink>
            }
          >
            <MessagesLink />
          </Suspense>
          <IconButton
            label={t('shell.header.chat')}
            aria-pressed={chat.isOpen}
            onClick={chat.toggle}
          >
            <ChatIcon />
          </IconButton>
          <IconLink to="/creator/settings" label={t('shell.header.settings')}>
            <GearIcon />
          </IconLink>
          <IconButton
            label={t('shell.header.menu')}
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? DRAWER_ID : undefined}
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
