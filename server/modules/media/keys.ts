import { randomBytes } from 'node:crypto';
import type { MediaKind } from '../../../common/schemas/media';

/*
 * Media keys: `<kind prefix>-<32 hex>.<ext>`, previews `pre-<same hex>.webp`. The random part
 * makes a key unguessable; the prefix tells a public preview from an original without a lookup.
 */

const PREFIX: Record<MediaKind, string> = { image: 'img', audio: 'aud', video: 'vid' };
const PREVIEW_PREFIX = 'pre';

export const MEDIA_KEY_PATTERN = /^(img|aud|vid|pre)-[0-9a-f]{32}\.[a-z0-9]{2,5}$/;
export const MEDIA_PATH_PREFIX = '/api/v1/media/';

export function newMediaKeys(kind: MediaKind, ext: string): { key: string; previewKey: string } {
  const id = randomBytes(16).toString('hex');
  return { key: `${PREFIX[kind]}-${id}.${ext}`, previewKey: `${PREVIEW_PREFIX}-${id}.webp` };
}

export const isMediaKey = (value: string) => MEDIA_KEY_PATTERN.test(value);
export const isPreviewKey = (key: string) => key.startsWith(`${PREVIEW_PREFIX}-`);

/** The plain path of a key (public media; originals need the signed form). */
export const mediaPath = (key: string) => `${MEDIA_PATH_PREFIX}${key}`;

/**
 * The key inside a media URL the web sends back (relative or absolute, signed or not), or null
 * when the text is not one of our media URLs.
 */
export function keyFromMediaUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(MEDIA_PATH_PREFIX)) return null;
  const key = pathname.slice(MEDIA_PATH_PREFIX.length);
  return isMediaKey(key) ? key : null;
}
