import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config';
import { isApiPath } from './errors';

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
 * Whether the public address is https (issue 10). Only then may the server tell browsers to use
 * https for everything (HSTS, `upgrade-insecure-requests`): sent over plain HTTP on a LAN address
 * or behind an HTTP-only proxy, they would upgrade every asset to an https that does not exist.
 */
export const servesHttps = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https://');

/** HSTS for a year when the public address is https; none over plain HTTP. */
export const strictTransportSecurity = (config: Pick<Config, 'publicUrl'>) =>
  servesHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : (false as const);

/**
 * Content-Security-Policy for the SPA: no inline scripts. Style attributes stay allowed because
 * React and react-bootstrap set element styles (positions, progress widths) at run time. Helmet
 * adds `upgrade-insecure-requests` by default; it stays only for an https public address.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
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
    upgradeInsecureRequests: servesHttps(config) ? [] : null,
  };
}

/**
 * Helmet's headers for this configuration, computed once (issue 17): they do not depend on the
 * request, and @fastify/helmet rebuilt the middleware, parsing every CSP directive, per request.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    strictTransportSecurity: strictTransportSecurity(config),
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of API answers (JSON, uploaded media, exports), which no page of ours is ever
 * rendered from: a policy that allows nothing and no framing, as OWASP's REST guidance has it,
 * without helmet's headers that only a document reads (about 200 bytes instead of 800 on every
 * answer, issue 17). An uploaded file opened on its own can run no script under it either.
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const page = securityHeaders(config);
  const kept = ['cross-origin-resource-policy', 'strict-transport-security'] as const;
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...Object.fromEntries(kept.flatMap((name) => (page[name] ? [[name, page[name]]] : []))),
  };
}

/** Whether `url` is answered with the API's headers: every API path but the API docs' pages. */
export const takesApiHeaders = (url: string) =>
  isApiPath(url) && !/^\/api\/docs(\/|$|\?)/.test(url);
