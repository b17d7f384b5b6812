/**
 * The web app's pages (web/src/app/router.tsx and page-routes.tsx; a unit test keeps the three
 * in step). The server answers these paths with the app's HTML and every other path with a 404,
 * so /healthz, /metrics or a missing file never come back as a page with status 200.
 * `:name` is one path segment, a trailing `?` makes it optional, `/*` is any rest.
 */
export const PAGE_PATHS = [
  '/',
  '/help',
  '/features',
  '/privacy-policy',
  '/privacy',
  '/terms-of-service',
  '/terms',
  '/imprint',
  '/auth',
  '/auth/google/callback',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/not-me',
  '/login',
  '/checkout',
  '/success',
  '/cancel',
  '/pay/:sessionId',
  '/gifts/:code',
  '/wallet',
  '/wallet/payouts',
  '/dashboard',
  '/dashboard/items/:itemId',
  '/discover',
  '/upload',
  '/upload/edit/:itemId',
  '/studio',
  '/masteraxis',
  '/creator',
  '/creator/settings',
  '/creator/:username',
  '/account',
  '/admin/*',
  '/messages/:userId?',
  '/product',
  '/product/:productId',
  '/hypr/:id',
] as const;

const SEGMENT = '[^/]+';

function patternOf(path: string): RegExp {
  const body = path
    .replace(/\/\*$/, '(?:/.*)?')
    .replace(/\/:[A-Za-z]+\?/g, `(?:/${SEGMENT})?`)
    .replace(/:[A-Za-z]+/g, SEGMENT);
  return new RegExp(`^${body}/?$`);
}

const PATTERNS = PAGE_PATHS.map(patternOf);

/** Whether a path (without query) is one of the web app's pages. */
export function isPagePath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}

/** The username in /creator/{username}, or null for any other path (settings is a page of its own). */
export function creatorUsernameOf(pathname: string): string | null {
  const match = /^\/creator\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || match[1] === 'settings') return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
