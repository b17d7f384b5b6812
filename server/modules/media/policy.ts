/*
 * Which media anyone may load (issue 4; ARCHITECTURE: paid content never leaves the server
 * before entitlement). The media follow their item's visibility (access's `viewableItemIds`):
 *   - teasers (`pre-<id>.teaser.webp`): public, they are what a locked item shows;
 *   - uploads no item uses (avatars, banners, promo videos, a form not yet saved) and their
 *     previews: public to whoever holds the unguessable URL;
 *   - the preview of an image a listed free item uses: public. Once that item is unpublished,
 *     hidden by a moderator or its creator suspended, it is no longer anyone's but its
 *     creator's and staff's (and its buyers', had it a price);
 *   - everything else an item uses (its full image, its unblurred preview, audio and video):
 *     only with a live signed URL, which the item presenters hand to those who may see the item
 *     (so buyers and members of a suspended creator keep theirs), or to a signed-in caller who
 *     may see the item. A signed URL stays valid until it expires (MEDIA_URL_TTL_SECONDS) even
 *     if the item stops being listed meanwhile: an <img> tag sends no token that could tell
 *     its owner or a buyer from anyone else.
 */
export type MediaVisibility = 'public' | 'item';

export const mayReadItemMedia = (opts: {
  hasValidSignature: boolean;
  viewerMaySeeAnItem: boolean;
}): boolean => opts.hasValidSignature || opts.viewerMaySeeAnItem;
