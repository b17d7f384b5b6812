import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VERSION_TAG } from '../../../../common/version';
import { smokeEffectFlag } from './stored-flag';

const FOOTER_LINKS = [
  { to: '/help', key: 'help' },
  { to: '/features', key: 'features' },
  { to: '/privacy-policy', key: 'privacy' },
  { to: '/terms-of-service', key: 'terms' },
  { to: '/imprint', key: 'imprint' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const isSmokeOn = smokeEffectFlag.useValue();
  return (
    <footer className="aura-footer mt-5">
      <div className="container py-4 d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <Link to="/" className="aura-footer-logo" aria-label={t('shell.footer.home')}>
          <img src="/logo-aura.svg" alt="" width="40" height="40" />
        </Link>
        <nav aria-label={t('shell.footer.navLabel')} className="flex-grow-1">
          <ul className="list-inline mb-0">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to} className="list-inline-item">
                <Link to={link.to}>{t(`shell.footer.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="form-check form-switch mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="smoke-effect-switch"
            data-ssr-control="smoke"
            checked={isSmokeOn}
            onChange={(event) => smokeEffectFlag.write(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="smoke-effect-switch">
            {t('shell.footer.smoke')}
          </label>
        </div>
      </div>
      <p className="container pb-4 mb-0 small aura-muted">
        {t('shell.footer.copyright', { year: new Date().getFullYear() })} ·{' '}
        <span data-testid="footer-version">
          {t('shell.footer.version', { version: VERSION_TAG })}
        </span>
      </p>
    </footer>
  );
}
