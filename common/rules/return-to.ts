/*
 * Where a visitor goes back to after signing in (issue 10): a path on this site only. Anything
 * that could leave the site (an absolute URL, a protocol-relative `//host`, a backslash that
 * browsers read as a slash, control characters) is refused, so `returnTo` is never an open
 * redirect.
 */

const MAX_RETURN_PATH = 2000;

/** The same-origin path `raw` names, or null when it is missing or could lead elsewhere. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers treat `\` as `/` in URLs (`/\evil.example`), and strip tabs and newlines.
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, 'http://same-origin.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same-origin.invalid') return null;
  // Back to the sign-in pages would only loop.
  if (/^\/(auth|register|login)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `returnTo` added to its query when there is somewhere to return to. */
export function withReturnTo(path: string, returnTo: string | null): string {
  const safe = safeReturnPath(returnTo);
  if (!safe) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}returnTo=${encodeURIComponent(safe)}`;
}
