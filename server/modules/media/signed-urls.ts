import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaUrls } from '../../adapters/storage/media-urls';
import { mediaPath } from './keys';

export type { MediaUrls };

/** Signed URLs a process remembers before starting over. */
const MAX_REMEMBERED_URLS = 20_000;

/** `key` is the media-urls key derived from the root secret: a media signature is never a token's. */
export function createMediaUrls(opts: {
  key: Uint8Array;
  ttlSeconds: number;
  now: () => Date;
}): MediaUrls {
  const signingKey = opts.key;
  const signature = (key: string, exp: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${exp}`).digest('base64url');
  // Expiry is rounded up to a window so a URL stays the same for a while and browsers can cache.
  const window = Math.max(60, Math.floor(opts.ttlSeconds / 6));
  // So the server can too: within a window a key's URL is the same, and is signed once (issue 17).
  const recent = new Map<string, { exp: number; url: string }>();

  return {
    plain: mediaPath,
    signed(key) {
      const nowSeconds = Math.floor(opts.now().getTime() / 1000);
      const exp = Math.ceil((nowSeconds + opts.ttlSeconds) / window) * window;
      const known = recent.get(key);
      if (known?.exp === exp) return known.url;
      const url = `${mediaPath(key)}?exp=${exp}&sig=${signature(key, exp)}`;
      if (recent.size >= MAX_REMEMBERED_URLS) recent.clear();
      recent.set(key, { exp, url });
      return url;
    },
    verify(key, exp, sig) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= opts.now().getTime()) return false;
      const expected = Buffer.from(signature(key, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
