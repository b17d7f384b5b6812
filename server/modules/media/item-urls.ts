import type { ItemRow } from '../../db/schema/index';
import { isFreeItem } from '../billing/index';
import { teaserKeyOf } from './keys';
import type { MediaUrls } from './signed-urls';

/** What of an item decides its media URLs. */
export type ItemMediaSubject = Pick<
  ItemRow,
  | 'id'
  | 'creatorId'
  | 'priceCents'
  | 'tierRequired'
  | 'status'
  | 'imageKey'
  | 'imagePreviewKey'
  | 'audioKey'
  | 'videoKey'
>;

export interface ItemMediaUrls {
  /** Cards and thumbnails: the resized preview, or the teaser when the viewer is locked out. */
  card: string | null;
  /** The full view: the original image, or the teaser when the viewer is locked out. */
  full: string | null;
  audio: string | null;
  video: string | null;
}

/**
 * The one rule for which media URLs a viewer gets for an item (ARCHITECTURE: paid content never
 * leaves the server before entitlement). `isViewable` is billing's entitlement answer.
 *   - Locked out: only the teaser (a blurred picture a few dozen pixels wide, scaled up), never
 *     the preview or the original, and no audio or video.
 *   - Entitled: the preview for cards (a plain public URL for a free item, else signed) and
 *     signed URLs of the original image, audio and video.
 */
export function itemMediaUrls(
  item: ItemMediaSubject,
  isViewable: boolean,
  urls: MediaUrls,
): ItemMediaUrls {
  if (!isViewable) {
    const teaser = item.imagePreviewKey ? urls.plain(teaserKeyOf(item.imagePreviewKey)) : null;
    return { card: teaser, full: teaser, audio: null, video: null };
  }
  const signed = (key: string | null) => (key ? urls.signed(key) : null);
  const card = item.imagePreviewKey
    ? isFreeItem(item)
      ? urls.plain(item.imagePreviewKey)
      : urls.signed(item.imagePreviewKey)
    : signed(item.imageKey);
  return {
    card,
    full: signed(item.imageKey) ?? card,
    audio: signed(item.audioKey),
    video: signed(item.videoKey),
  };
}
