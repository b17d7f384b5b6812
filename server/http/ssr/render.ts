import type { FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGES, type Language } from '../../../common/i18n';
import { textsIn } from '../../i18n';
import { escapeHtml } from '../page-html';
import type { BuildFiles } from './build-files';
import { inShell } from './chrome';
import type { SafeHtml } from './html';
import { discoverPage } from './discover';
import { landingPage } from './landing';
import type { PublicPageData } from './page-data';
import { productPage } from './product';
import { creatorPage, hyprPage } from './profiles';

/** The module each page's app code lives in, whose stylesheets the page needs too. */
const PAGE_SOURCES: Record<PublicPageData['kind'], string> = {
  landing: 'src/features/site/pages/LandingPage.tsx',
  discover: 'src/features/feed/pages/DiscoverPage.tsx',
  creator: 'src/features/profiles/pages/CreatorProfilePage.tsx',
  hypr: 'src/features/profiles/pages/ProfilePage.tsx',
  product: 'src/features/items/pages/ProductPage.tsx',
};

/** The theme a server-rendered page is drawn in; web/src/boot.ts loads the app for any other. */
const SERVER_THEME = 'light';

/**
 * The visitor's language: the one the app saved (web/src/app/i18n.ts keeps it in the `lang`
 * cookie too), else the first of the browser's that Aura speaks, else English.
 */
export function languageOf(request: FastifyRequest): Language {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  if (cookie && isLanguage(cookie)) return cookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find((code): code is Language => isLanguage(code)) ?? LANGUAGES[0];
}

function pageBody(data: PublicPageData, language: Language, pathname: string): SafeHtml {
  const t = textsIn(language, 'translation');
  const now = new Date();
  switch (data.kind) {
    case 'landing':
      return inShell(t, language, landingPage(t, language, data.creators, data.posts), now);
    case 'discover':
      return inShell(t, language, discoverPage(t, data.creators), now, 'member');
    case 'creator':
      return inShell(t, language, creatorPage(t, language, data.profile, pathname), now);
    case 'product':
      return inShell(t, language, productPage(t, language, data.item), now);
    case 'hypr':
      // Outside the shared layout, as in the app (SPEC §2).
      return hyprPage(t, language, data.profile, pathname);
  }
}

/**
 * The call that counts this visit, as the app makes it: rendering the page counts nothing, since
 * the server cannot tell a signed-in person, whom the app counts, from a visitor. web/src/boot.ts
 * makes it for a visitor who does not load the app (the count is one per visitor and day).
 */
function visitAttribute(data: PublicPageData): string {
  const call =
    data.kind === 'creator'
      ? `GET /api/v1/creators/${encodeURIComponent(data.profile.username)}`
      : data.kind === 'product'
        ? `POST /api/v1/items/${data.item.id}/visit`
        : null;
  return call ? ` data-ssr-visit="${escapeHtml(call)}"` : '';
}

const link = (href: string) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`;

/**
 * index.html turned into the page itself: its content in #root, its stylesheets and theme in
 * the head, and instead of the app's entry and preloads, web/src/boot.ts, which loads the app
 * when it is needed. `html` is the template with the page's head tags already filled in.
 */
export function serverRenderedPage(
  template: string,
  files: BuildFiles,
  data: PublicPageData,
  language: Language,
  pathname: string,
): string | null {
  if (!template.includes('<div id="root"></div>')) return null;
  const theme = files.themeStylesheet(SERVER_THEME);
  const stylesheets = [...files.stylesheetsOf(PAGE_SOURCES[data.kind]), ...(theme ? [theme] : [])];
  const boot = `<script type="module" crossorigin src="${escapeHtml(files.boot)}" data-app-entry="${escapeHtml(files.appEntry)}"></script>`;
  return template
    .replace(
      /<html lang="[^"]*">/,
      `<html lang="${language}" data-theme="${SERVER_THEME}" data-bs-theme="light">`,
    )
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `  ${[...stylesheets.map(link), boot].join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-ssr="${data.kind}"${visitAttribute(data)}${data.kind === 'discover' ? ' data-ssr-sign-in' : ''}>${pageBody(data, language, pathname).text}</div>`,
    );
}
