import { describe, expect, it } from 'vitest';
import {
  isMediaKey,
  isPreviewKey,
  isTeaserKey,
  keyFromMediaUrl,
  newMediaKeys,
  originalKeysOfPreview,
  previewKeyOfTeaser,
  teaserKeyOf,
} from './keys';
import { parseByteRange } from './range';
import { createMediaUrls } from './signed-urls';
import { IMAGE_EXTENSIONS } from './sniff';

const key = 'img-0123456789abcdef0123456789abcdef.png';

function signer(at: { t: number }, ttlSeconds = 3600) {
  return createMediaUrls({ key: Buffer.alloc(32, 7), ttlSeconds, now: () => new Date(at.t) });
}

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return {
    key: u.pathname.split('/').pop() ?? '',
    exp: u.searchParams.get('exp') ?? undefined,
    sig: u.searchParams.get('sig') ?? undefined,
  };
}

describe('signed media URLs', () => {
  it('answers a key the same URL within a window, as a fresh signer would, and a new one after', () => {
    const clock = { t: Date.UTC(2030, 0, 1) };
    const urls = signer(clock);
    const first = urls.signed(key);
    expect(urls.signed(key)).toBe(first);
    expect(signer(clock).signed(key)).toBe(first);
    clock.t += 3600 * 1000;
    const later = urls.signed(key);
    expect(later).not.toBe(first);
    expect(later).toBe(signer(clock).signed(key));
    const p = parts(later);
    expect(urls.verify(key, p.exp, p.sig)).toBe(true);
  });

  it('verifies its own URL until it expires, and no longer', () => {
    const clock = { t: Date.UTC(2030, 0, 1) };
    const urls = signer(clock);
    const p = parts(urls.signed(key));
    expect(p.key).toBe(key);
    expect(urls.verify(key, p.exp, p.sig)).toBe(true);
    clock.t += 3600 * 1000 - 1000;
    expect(urls.verify(key, p.exp, p.sig)).toBe(true);
    clock.t += 3600 * 1000;
    expect(urls.verify(key, p.exp, p.sig)).toBe(false);
  });

  it('refuses a tampered expiry, signature or key, and another secret', () => {
    const clock = { t: Date.UTC(2030, 0, 1) };
    const urls = signer(clock);
    const p = parts(urls.signed(key));
    expect(urls.verify(key, String(Number(p.exp) + 3600), p.sig)).toBe(false);
    expect(urls.verify(key, p.exp, `${p.sig?.slice(0, -1)}A`)).toBe(false);
    expect(urls.verify(key.replace('0123', '3210'), p.exp, p.sig)).toBe(false);
    expect(urls.verify(key, p.exp, undefined)).toBe(false);
    expect(urls.verify(key, 'soon', p.sig)).toBe(false);
    const other = createMediaUrls({
      key: Buffer.alloc(32, 9),
      ttlSeconds: 3600,
      now: () => new Date(clock.t),
    });
    expect(other.verify(key, p.exp, p.sig)).toBe(false);
  });

  it('keeps the same URL within a window so browsers can cache it', () => {
    const clock = { t: Date.UTC(2030, 0, 1, 0, 0, 1) };
    const urls = signer(clock);
    const first = urls.signed(key);
    clock.t += 30_000;
    expect(urls.signed(key)).toBe(first);
  });
});

describe('media keys', () => {
  it('reads the key from any form of a media URL the web sends back', () => {
    const { key: k, previewKey } = newMediaKeys('image', 'png');
    expect(previewKey).toMatch(/^pre-[0-9a-f]{32}\.webp$/);
    expect(keyFromMediaUrl(`/api/v1/media/${k}`)).toBe(k);
    expect(keyFromMediaUrl(`https://aura.example/api/v1/media/${k}?exp=1&sig=x`)).toBe(k);
    expect(keyFromMediaUrl('/api/v1/media/../../etc/passwd')).toBeNull();
    expect(keyFromMediaUrl('https://elsewhere.example/cat.png')).toBeNull();
    expect(keyFromMediaUrl('not a url at all')).toBeNull();
  });

  it('names the teaser after the preview, one way and back, and tells the three apart', () => {
    const { key, previewKey } = newMediaKeys('image', 'jpg');
    const teaser = teaserKeyOf(previewKey);
    expect(teaser).toBe(previewKey.replace(/\.webp$/, '.teaser.webp'));
    expect(previewKeyOfTeaser(teaser)).toBe(previewKey);
    expect(previewKeyOfTeaser(previewKey)).toBeNull();
    expect(previewKeyOfTeaser(key)).toBeNull();
    expect([key, previewKey, teaser].map(isMediaKey)).toEqual([true, true, true]);
    expect([key, previewKey, teaser].map(isPreviewKey)).toEqual([false, true, false]);
    expect([key, previewKey, teaser].map(isTeaserKey)).toEqual([false, false, true]);
    expect(isMediaKey(key.replace(/\.jpg$/, '.teaser.webp'))).toBe(false);
    expect(keyFromMediaUrl(`/api/v1/media/${teaser}`)).toBe(teaser);
    // A preview finds its original among the image extensions, by primary key.
    expect(originalKeysOfPreview(previewKey, IMAGE_EXTENSIONS)).toContain(key);
    expect(originalKeysOfPreview(teaser, IMAGE_EXTENSIONS)).toEqual([]);
  });
});

describe('parseByteRange', () => {
  it('reads the single ranges players send', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
    expect(parseByteRange(undefined, 1000)).toBeNull();
  });
});
