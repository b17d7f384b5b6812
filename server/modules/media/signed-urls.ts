import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { mediaPath } from './keys';

/**
 * Short-lived signed URLs for item media (issue 4): `/api/v1/media/{key}?exp=&sig=`. The item
 * presenter hands them out only to viewers the entitlement check lets through, so an <img> or
 * <video> tag, which cannot send a bearer token, can load paid media.
 */
export interface MediaUrls {
  /** The plain URL: previews and media not used by an item. */
  plain(key: string): string;
  /** A URL valid for at least the configured lifetime. */
  signed(key: string): string;
  /** Whether `exp` and `sig` are a live, untampered signature of `key`. */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean;
}

export function createMediaUrls(opts: {
  secret: string;
  ttlSeconds: number;
  now: () => Date;
}): MediaUrls {
  // A key of its own, derived from the JWT secret: a media signature can never pass as a token's.
  const signingKey = createHmac('sha256', opts.secret).update('aura/media-url/v1').digest();
  const signature = (key: string, exp: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${exp}`).digest('base64url');
  // Expiry is rounded up to a window so a URL stays the same for a while and browsers can cache.
  const window = Math.max(60, Math.floor(opts.ttlSeconds / 6));

  return {
    plain: mediaPath,
    signed(key) {
      const nowSeconds = Math.floor(opts.now().getTime() / 1000);
      const exp = Math.ceil((nowSeconds + opts.ttlSeconds) / window) * window;
      return `${mediaPath(key)}?exp=${exp}&sig=${signature(key, exp)}`;
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

/** The signer every module uses, from the app's secret, clock and MEDIA_URL_TTL_SECONDS. */
export function mediaUrlsOf(ctx: Pick<AppContext, 'config' | 'clock'>): MediaUrls {
  if (!ctx.config.JWT_SECRET) throw new Error('media URLs need config.JWT_SECRET');
  return createMediaUrls({
    secret: ctx.config.JWT_SECRET,
    ttlSeconds: ctx.config.MEDIA_URL_TTL_SECONDS,
    now: () => ctx.clock.now(),
  });
}
