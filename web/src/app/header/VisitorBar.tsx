import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DRAWER_ID } from '../drawer/drawer-id';
import { MenuIcon } from '../shell/icons';
import { LanguageSwitcher } from '../shell/LanguageSwitcher';

/**
 * The slim top bar for signed-out visitors: the SPEC's header is for signed-in users only, but
 * visitors still need the language switcher and a way in: log in and sign up stand in the bar
 * itself, so nobody has to find them in the drawer.
 */
export function VisitorBar({
  isMenuOpen,
  onOpenMenu,
}: {
  isMenuOpen: boolean;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="aura-visitor-bar" data-testid="visitor-bar">
      <div className="container d-flex align-items-center gap-2 py-2">
        <Link to="/" className="aura-brand me-auto" aria-label={t('shell.header.home')}>
          <img src="/logo-aura.svg" alt="" width="28" height="28" />
          <span aria-hidden="true">{t('app.name')}</span>
        </Link>
        <LanguageSwitcher />
        <Link className="btn btn-link btn-sm" to="/auth?tab=login" data-testid="visitor-login">
          {t('shell.visitor.login')}
        </Link>
        <Link className="btn btn-primary btn-sm" to="/auth?tab=signup" data-testid="visitor-signup">
          {t('shell.visitor.signup')}
        </Link>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          aria-controls={isMenuOpen ? DRAWER_ID : undefined}
          onClick={onOpenMenu}
          data-ssr-control="menu"
        >
          <MenuIcon />
          {t('shell.visitor.menu')}
        </button>
      </div>
    </header>
  );
}
