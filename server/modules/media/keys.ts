import { randomBytes } from 'node:crypto';
import type { MediaKind } from '../../../common/schemas/media';

/*
 * Media keys: `<kind prefix>-<32 hex>.<ext>`, previews `pre-<same hex>.webp`, teasers
 * `pre-<same hex>.teaser.webp`. The random part makes a key unguessable; the prefix and suffix
 * tell a teaser, a preview and an original apart without a lookup.
 */
const PREFIX: Record<MediaKind, string> = { image: 'img', audio: 'aud', video: 'vid' };
const PREVIEW_PREFIX = 'pre';
const TEASER_SUFFIX = '.teaser.webp';

export const MEDIA_KEY_PATTERN =
  /^(?:(?:img|aud|vid|pre)-[0-9a-f]{32}\.[a-z0-9]{2,5}|pre-[0-9a-f]{32}\.teaser\.webp)$/;
const TEASER_KEY_PATTERN = /^pre-[0-9a-f]{32}\.teaser\.webp$/;
export const MEDIA_PATH_PREFIX = '/api/v1/media/';

export function newMediaKeys(kind: MediaKind, ext: string): { key: string; previewKey: string } {
  const id = randomBytes(16).toString('hex');
  return { key: `${PREFIX[kind]}-${id}.${ext}`, previewKey: `${PREVIEW_PREFIX}-${id}.webp` };
}

/**
 * The one place that names an image's teaser (the locked view): derived from the preview key,
 * so no column records it and rows made before teasers existed still have a name for theirs.
 */
export const teaserKeyOf = (previewKey: string) =>
  `${previewKey.replace(/\.[^./]*$/, '')}${TEASER_SUFFIX}`;

/** The preview a teaser was made from (teaserKeyOf backwards); null for any other key. */
export const previewKeyOfTeaser = (key: string): string | null =>
  TEASER_KEY_PATTERN.test(key) ? `${key.slice(0, -TEASER_SUFFIX.length)}.webp` : null;

/**
 * The stored keys an image's original may have, for a preview key: the id is shared, only the
 * extension differs. Lets a preview find its upload row by primary key (preview_key has no index).
 */
export function originalKeysOfPreview(
  previewKey: string,
  imageExtensions: readonly string[],
): string[] {
  const match = /^pre-([0-9a-f]{32})\.webp$/.exec(previewKey);
  if (!match) return [];
  return imageExtensions.map((ext) => `${PREFIX.image}-${match[1]}.${ext}`);
}

export const isMediaKey = (value: string) => MEDIA_KEY_PATTERN.test(value);
export const isTeaserKey = (key: string) => TEASER_KEY_PATTERN.test(key);
export const isPreviewKey = (key: string) =>
  key.startsWith(`${PREVIEW_PREFIX}-`) && !isTeaserKey(key);
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
