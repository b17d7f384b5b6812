import { can } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';
import type { UserStatus } from '../../../common/schemas/users';

/*
 * Which media anyone may load (issue 4; ARCHITECTURE: paid content never leaves the server
 * before entitlement):
 *   - teasers (`pre-<id>.teaser.webp`): public, they are what a locked item shows;
 *   - uploads no item uses (avatars, banners, promo videos, a form not yet saved) and their
 *     previews: public to whoever holds the unguessable URL;
 *   - the preview of an image a free item uses: public;
 *   - everything else an item uses (its full image, its unblurred preview, audio and video):
 *     only with a live signed URL, which the item presenters hand to entitled viewers, or to
 *     an entitled signed-in caller;
 *   - nothing an item uses while its creator is suspended or deleted (issue 14), signed or
 *     not, free or not, except to staff who moderate content (with their bearer token).
 */
export type MediaVisibility = 'public' | 'item';

/** Whether the item media of this upload's creator may go out at all (their account status). */
export const mayReadCreatorsItemMedia = (
  lookup: { visibility: MediaVisibility; ownerStatus: UserStatus; row: { ownerId: string } },
  viewer: { id: string; role: Role } | null,
): boolean =>
  lookup.visibility === 'public' ||
  lookup.ownerStatus === 'active' ||
  can(viewer, 'item.viewUnlisted', { ownerId: lookup.row.ownerId });

export const mayReadItemMedia = (opts: {
  hasValidSignature: boolean;
  viewerMaySeeAnItem: boolean;
}): boolean => opts.hasValidSignature || opts.viewerMaySeeAnItem;
