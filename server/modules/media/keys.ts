import { randomBytes } from 'node:crypto';
import type { MediaKind } from '../../../common/schemas/media';

/*
 * Media keys: `<kind prefix>-<32 hex>.<ext>`, previews `pre-<same hex>.webp`, teasers
 * `pre-<same hex>.teaser.webp`, and the preview's other sizes and formats (issue 10)
 * `pre-<same hex>.w<width>.<webp|avif>`. The random part makes a key unguessable; the prefix
 * and suffix tell a teaser, a preview (any variant) and an original apart without a lookup.
 */
const PREFIX: Record<MediaKind, string> = { image: 'img', audio: 'aud', video: 'vid' };
const PREVIEW_PREFIX = 'pre';
const TEASER_SUFFIX = '.teaser.webp';

export const MEDIA_KEY_PATTERN =
  /^(?:(?:img|aud|vid|pre)-[0-9a-f]{32}\.[a-z0-9]{2,5}|pre-[0-9a-f]{32}\.teaser\.webp|pre-[0-9a-f]{32}\.w(?:320|640)\.(?:webp|avif))$/;
const TEASER_KEY_PATTERN = /^pre-[0-9a-f]{32}\.teaser\.webp$/;
const VARIANT_KEY_PATTERN = /^(pre-[0-9a-f]{32})\.w(320|640)\.(webp|avif)$/;

/**
 * The sizes and formats a preview is also served in, for `srcset` (issue 10): a phone takes
 * 320 px, and browsers that read AVIF take it. The preview itself is the 640 px WebP.
 */
export const PREVIEW_VARIANTS = [
  { width: 320, format: 'webp' },
  { width: 320, format: 'avif' },
  { width: 640, format: 'avif' },
] as const;
export type PreviewVariant = (typeof PREVIEW_VARIANTS)[number];
export type ImageFormat = PreviewVariant['format'];

/** The key of one variant of a preview (`pre-<hex>.webp` -> `pre-<hex>.w320.avif`). */
export const previewVariantKey = (previewKey: string, variant: PreviewVariant) =>
  `${previewKey.replace(/\.[^./]*$/, '')}.w${variant.width}.${variant.format}`;

/** Which preview a variant key belongs to and what it holds; null for any other key. */
export function parsePreviewVariant(
  key: string,
): { previewKey: string; variant: PreviewVariant } | null {
  const match = VARIANT_KEY_PATTERN.exec(key);
  if (!match) return null;
  const variant = PREVIEW_VARIANTS.find(
    (v) => String(v.width) === match[2] && v.format === match[3],
  );
  return variant ? { previewKey: `${match[1]}.webp`, variant } : null;
}

/** The preview a key belongs to: itself for a preview, its preview for a variant. */
export const basePreviewKey = (key: string): string => parsePreviewVariant(key)?.previewKey ?? key;

/** The media type of a preview or one of its variants. */
export const previewContentType = (key: string): string =>
  key.endsWith('.avif') ? 'image/avif' : 'image/webp';
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
  const match = /^pre-([0-9a-f]{32})\.webp$/.exec(basePreviewKey(previewKey));
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
