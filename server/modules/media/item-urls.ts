import type { ItemRow } from '../../db/schema/index';
import type { UserStatus } from '../../../common/schemas/users';
import { isOpenToAllAlways, type ItemSubject } from '../access/index';
import { teaserKeyOf } from './keys';
import type { MediaUrls } from './signed-urls';
import { previewSrcSet, type PreviewSrcSet } from './variants';

/** What of an item decides its media URLs (with its creator's status). */
export type ItemMediaSubject = ItemSubject &
  Pick<ItemRow, 'imageKey' | 'imagePreviewKey' | 'audioKey' | 'videoKey'>;

export interface ItemMediaUrls {
  /** Cards and thumbnails: the resized preview, or the teaser when the viewer is locked out. */
  card: string | null;
  /** The card picture in two widths and AVIF/WebP for `srcset`; null when locked out. */
  cardSrcSet: PreviewSrcSet | null;
  /** The full view: the original image, or the teaser when the viewer is locked out. */
  full: string | null;
  audio: string | null;
  video: string | null;
}

/**
 * The one rule for which media URLs a viewer gets for an item (ARCHITECTURE: paid content never
 * leaves the server before entitlement). `isViewable` is billing's entitlement answer.
 *   - Open to everyone for good (a listed free item without a tier): the preview as a plain,
 *     cacheable URL (an early-access item that became free keeps signed ones).
 *   - Locked out: only the teaser (a blurred picture a few dozen pixels wide, scaled up), never
 *     the preview or the original, and no audio or video.
 *   - Entitled: the preview for cards (a plain public URL for a free item, else signed), its
 *     variants for `srcset` the same way, and signed URLs of the original image, audio and video.
 */
export function itemMediaUrls(
  item: ItemMediaSubject,
  creatorStatus: UserStatus,
  isViewable: boolean,
  urls: MediaUrls,
): ItemMediaUrls {
  if (!isViewable) {
    const teaser = item.imagePreviewKey ? urls.plain(teaserKeyOf(item.imagePreviewKey)) : null;
    return { card: teaser, cardSrcSet: null, full: teaser, audio: null, video: null };
  }
  const signed = (key: string | null) => (key ? urls.signed(key) : null);
  // A listed free item's preview (and its variants) is public; anything else's is signed per key.
  const previewUrl = isOpenToAllAlways(item, creatorStatus) ? urls.plain : urls.signed;
  const card = item.imagePreviewKey ? previewUrl(item.imagePreviewKey) : signed(item.imageKey);
  return {
    card,
    cardSrcSet: item.imagePreviewKey ? previewSrcSet(item.imagePreviewKey, previewUrl) : null,
    full: signed(item.imageKey) ?? card,
    audio: signed(item.audioKey),
    video: signed(item.videoKey),
  };
}
