import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { isOpenToAll } from '../access/index';
import { lookUpMedia, viewerMaySeeItemMedia } from './access';
import { isPreviewKey, isTeaserKey, previewContentType } from './keys';
import { mayReadItemMedia } from './policy';
import type { MediaUrls } from './signed-urls';

/** How one media object goes out: its type and who may keep it how long. */
export interface MediaServing {
  contentType: string;
  cacheControl: string;
}

// A teaser never changes and is public: anyone may keep it.
const TEASER: MediaServing = {
  contentType: 'image/webp',
  cacheControl: 'public, max-age=31536000, immutable',
};
// A day, not forever: an upload no item uses yet may become a paid item's picture.
const PUBLIC_PREVIEW_CACHE = 'public, max-age=86400';
const SIGNED_CACHE = 'private, max-age=600';

/**
 * Whether the caller may load the media behind `key`, and how it goes out (policy.ts has the
 * rule). Throws 404 for an unknown key and 403 for an item's media without the right to it.
 */
export async function mediaServing(
  deps: { db: Db; urls: MediaUrls; now: Date },
  key: string,
  viewer: { id: string; role: Role } | null,
  query: { exp?: string | undefined; sig?: string | undefined },
): Promise<MediaServing> {
  if (isTeaserKey(key)) return TEASER;
  const isPreview = isPreviewKey(key);
  const hasValidSignature = deps.urls.verify(key, query.exp, query.sig);
  // Only a viewer who may see the item was handed this signature, and a preview's type is in its
  // key: no look-up (an unknown key finds no file).
  if (isPreview && hasValidSignature) {
    return { contentType: previewContentType(key), cacheControl: SIGNED_CACHE };
  }
  const lookup = await lookUpMedia(deps.db, key);
  if (!lookup) throw fail('media_not_found');
  const contentType = isPreview ? previewContentType(key) : lookup.row.mimeType;
  if (lookup.visibility === 'public') {
    return { contentType, cacheControl: isPreview ? PUBLIC_PREVIEW_CACHE : 'private, max-age=300' };
  }
  if (isPreview && lookup.usedBy.some((item) => isOpenToAll(item, item.creatorStatus, deps.now))) {
    return { contentType, cacheControl: PUBLIC_PREVIEW_CACHE };
  }
  const allowed = mayReadItemMedia({
    hasValidSignature,
    viewerMaySeeAnItem:
      !hasValidSignature && (await viewerMaySeeItemMedia(deps.db, viewer, lookup, deps.now)),
  });
  if (!allowed) throw fail('media_link_expired');
  return { contentType, cacheControl: hasValidSignature ? SIGNED_CACHE : 'private, no-store' };
}
