import type { Config } from '../config';

/**
 * Content-Security-Policy for the SPA: no inline scripts. Style attributes stay allowed because
 * React and react-bootstrap set element styles (positions, progress widths) at run time.
 */
export function contentSecurityPolicy(_config: Config): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  };
}
