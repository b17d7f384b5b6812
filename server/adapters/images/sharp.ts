import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips), loaded on first use: most requests and every start-up never touch an image,
 * and loading it costs about 0.1 s (issue 17: restart to first answer).
 */
export const loadSharp = (): Promise<typeof Sharp> =>
  (loaded ??= import('sharp').then((module) => module.default));
