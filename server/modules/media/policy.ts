/*
 * Which media anyone may load (issue 4; ARCHITECTURE: paid content never leaves the server
 * before entitlement):
 *   - teasers (`pre-<id>.teaser.webp`): public, they are what a locked item shows;
 *   - uploads no item uses (avatars, banners, promo videos, a form not yet saved) and their
 *     previews: public to whoever holds the unguessable URL;
 *   - the preview of an image a free item uses: public;
 *   - everything else an item uses (its full image, its unblurred preview, audio and video):
 *     only with a live signed URL, which the item presenters hand to entitled viewers, or to
 *     an entitled signed-in caller.
 */
export type MediaVisibility = 'public' | 'item';

export const mayReadItemMedia = (opts: {
  hasValidSignature: boolean;
  viewerMaySeeAnItem: boolean;
}): boolean => opts.hasValidSignature || opts.viewerMaySeeAnItem;
