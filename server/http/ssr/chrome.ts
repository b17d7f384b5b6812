import type { TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../../../common/i18n';
import { VERSION_TAG } from '../../../common/version';
import { html, trusted, type SafeHtml } from './html';

/*
 * The frame around a server-rendered page, as the web app's Layout draws it for a signed-out
 * visitor (web/src/app/header/VisitorBar.tsx, shell/Footer.tsx): same classes, same names.
 * Controls that only the app can serve (the language switch, the menu, the smoke switch) carry
 * `data-ssr-control`: touching one loads the app, which then does what was asked
 * (web/src/boot.ts).
 */

export const LOCK_ICON = trusted(
  '<svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" style="vertical-align:-0.15em"><rect x="4.5" y="10.5" width="15" height="10" rx="2"></rect><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3"></path></svg>',
);

const MENU_ICON = trusted(
  '<svg class="aura-icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16"></path></svg>',
);

const FOOTER_LINKS = [
  { to: '/help', key: 'help' },
  { to: '/features', key: 'features' },
  { to: '/privacy-policy', key: 'privacy' },
  { to: '/terms-of-service', key: 'terms' },
  { to: '/imprint', key: 'imprint' },
] as const;

function visitorBar(t: TFunction, language: Language): SafeHtml {
  const options = LANGUAGES.map(
    (code) =>
      html`<option value="${code}" lang="${code}" ${code === language ? html` selected` : ''}>
        ${t(`shell.language.${code}`)}
      </option>`,
  );
  return html`<header class="aura-visitor-bar" data-testid="visitor-bar">
    <div class="container d-flex align-items-center gap-2 py-2">
      <a href="/" class="aura-brand me-auto" aria-label="${t('shell.header.home')}"
        ><img src="/logo-aura.svg" alt="" width="28" height="28" /><span aria-hidden="true"
          >${t('app.name')}</span
        ></a
      >
      <div class="aura-language">
        <label for="ssr-language" class="visually-hidden">${t('shell.language.label')}</label
        ><select id="ssr-language" class="form-select form-select-sm" data-ssr-control="language">
          ${options}
        </select>
      </div>
      <a class="btn btn-link btn-sm" href="/auth?tab=login" data-testid="visitor-login"
        >${t('shell.visitor.login')}</a
      ><a class="btn btn-primary btn-sm" href="/auth?tab=signup" data-testid="visitor-signup"
        >${t('shell.visitor.signup')}</a
      ><button
        type="button"
        class="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
        aria-haspopup="dialog"
        aria-expanded="false"
        data-ssr-control="menu"
      >
        ${MENU_ICON}${t('shell.visitor.menu')}
      </button>
    </div>
  </header>`;
}

function footer(t: TFunction, year: number): SafeHtml {
  const links = FOOTER_LINKS.map(
    (link) =>
      html`<li class="list-inline-item">
        <a href="${link.to}">${t(`shell.footer.${link.key}`)}</a>
      </li>`,
  );
  return html`<footer class="aura-footer mt-5">
    <div class="container py-4 d-flex flex-column flex-md-row gap-3 align-items-md-center">
      <a href="/" class="aura-footer-logo" aria-label="${t('shell.footer.home')}"
        ><img src="/logo-aura.svg" alt="" width="40" height="40"
      /></a>
      <nav aria-label="${t('shell.footer.navLabel')}" class="flex-grow-1">
        <ul class="list-inline mb-0">
          ${links}
        </ul>
      </nav>
      <div class="form-check form-switch mb-0">
        <input
          class="form-check-input"
          type="checkbox"
          role="switch"
          id="smoke-effect-switch"
          data-ssr-control="smoke"
        /><label class="form-check-label" for="smoke-effect-switch"
          >${t('shell.footer.smoke')}</label
        >
      </div>
    </div>
    <p class="container pb-4 mb-0 small aura-muted">
      ${t('shell.footer.copyright', { year })} ·
      <span data-testid="footer-version"
        >${t('shell.footer.version', { version: VERSION_TAG })}</span
      >
    </p>
  </footer>`;
}

/**
 * A page in the app's frame: skip link, the header, the page, footer. A visitor's page has the
 * visitor bar; a page for signed-in people has the space of their header, which the app fills
 * as it does while the header loads (web/src/app/Layout.tsx).
 */
export function inShell(
  t: TFunction,
  language: Language,
  page: SafeHtml,
  now: Date,
  reader: 'visitor' | 'member' = 'visitor',
): SafeHtml {
  const header =
    reader === 'visitor'
      ? visitorBar(t, language)
      : html`<div class="aura-header aura-header-placeholder"></div>`;
  return html`<div class="app-shell d-flex flex-column min-vh-100">
    <a href="#main-content" class="visually-hidden-focusable aura-skip-link"
      >${t('shell.skipToContent')}</a
    >${header}
    <div id="main-content" class="aura-content flex-grow-1" tabindex="-1">${page}</div>
    ${footer(t, now.getFullYear())}
  </div>`;
}

/** What unlocks a locked item, in words (web/src/features/items/components/unlock-hint.ts). */
export function unlockHint(
  t: TFunction,
  price: string,
  item: { priceCents: number; tierRequired: string },
): string {
  const isSold = item.priceCents > 0;
  const hasTier = item.tierRequired !== 'Aura';
  if (isSold && hasTier) return t('unlock.buyOrTier', { price, tier: item.tierRequired });
  if (hasTier) return t('unlock.tierOnly', { tier: item.tierRequired });
  return isSold ? t('unlock.buyOnce', { price }) : t('unlock.buyOnceShort');
}

export const tierBadge = (tier: string) =>
  html`<span class="badge aura-tier-badge aura-tier-${tier}">${tier}</span>`;

/** A round profile picture, or the name's initial (web/src/features/items/components/Avatar.tsx). */
export function avatar(src: string | null, name: string, size: number, className = ''): SafeHtml {
  const style = `width:${size}px;height:${size}px;object-fit:cover`;
  if (src) {
    return html`<img
      src="${src}"
      alt="${name}"
      class="rounded-circle ${className}"
      style="${style}"
      width="${size}"
      height="${size}"
      draggable="false"
    />`;
  }
  return html`<span
    role="img"
    aria-label="${name}"
    class="rounded-circle bg-secondary text-white d-inline-flex align-items-center justify-content-center ${className}"
    style="${style};font-size:${size / 2.5}px"
    >${name.slice(0, 1).toUpperCase()}</span
  >`;
}
