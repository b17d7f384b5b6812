import type { Config } from '../config';

/**
 * Google Identity Services' origins for its button, popup and styles
 * (https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy).
 * Allowed only when Google sign-in is configured, so other deployments never reach Google.
 */
const GOOGLE_IDENTITY = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
} as const;

/**
 * Content-Security-Policy for the SPA: no inline scripts. Style attributes stay allowed because
 * React and react-bootstrap set element styles (positions, progress widths) at run time.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = config.GOOGLE_CLIENT_ID ? GOOGLE_IDENTITY : null;
  const withGoogle = (sources: string[], origin: keyof typeof GOOGLE_IDENTITY) =>
    google ? [...sources, google[origin]] : sources;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: withGoogle(["'self'"], 'script'),
    styleSrc: withGoogle(["'self'", "'unsafe-inline'"], 'style'),
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: withGoogle(["'self'"], 'connect'),
    frameSrc: withGoogle(['https://www.youtube-nocookie.com', 'https://www.youtube.com'], 'frame'),
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  };
}
