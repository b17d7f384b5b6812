/*
 * Which media anyone may load (issue 4):
 *   - previews (`pre-` keys): public, they are what a locked post shows blurred;
 *   - uploads not used by any item (avatars, banners, promo videos, a form not yet saved):
 *     public to whoever holds the unguessable URL;
 *   - the full image, audio and video of an item: only with a live signed URL, which the item
 *     presenter hands out to entitled viewers, or to an entitled signed-in caller.
 */
export type MediaVisibility = 'public' | 'item';

export const mayReadItemMedia = (opts: {
  hasValidSignature: boolean;
  viewerMaySeeAnItem: boolean;
}): boolean => opts.hasValidSignature || opts.viewerMaySeeAnItem;
