import { formatEuroCents } from '../../../common/rules/price';
import type { FeedPost } from '../../../common/schemas/feed';
import type { ItemDetail } from '../../../common/schemas/items';
import type { MediaUrls } from '../media/signed-urls';
import { creatorImage, creatorName, type ItemView } from './cards';

/*
 * The one place that decides which media URLs an item answer carries (ARCHITECTURE: locked
 * items carry no media URL):
 *   - the preview (resized, public) is always there: it is the locked view, blurred;
 *   - the full image, audio and video appear only when the viewer may see the item, as signed
 *     URLs that expire.
 */

const orNull = (key: string | null, url: (key: string) => string) => (key ? url(key) : null);

/** SPEC §3 feed post for one viewer; the card shows the preview, never the original image. */
export function presentFeedPost(view: ItemView, urls: MediaUrls): FeedPost {
  const { item, creator, isViewable } = view;
  return {
    id: item.id,
    creatorId: item.creatorId,
    userName: creatorName(creator),
    userImage: creatorImage(creator),
    title: item.title,
    description: item.description,
    imageUrl:
      orNull(item.imagePreviewKey, urls.plain) ??
      (isViewable ? orNull(item.imageKey, urls.signed) : null),
    videoUrl: isViewable ? orNull(item.videoKey, urls.signed) : null,
    audioUrl: isViewable ? orNull(item.audioKey, urls.signed) : null,
    likes: item.likesCount,
    likedByMe: view.likedByMe,
    comments: view.comments,
    commentsCount: item.commentsCount,
    visitors: item.visitorsCount,
    price: formatEuroCents(item.priceCents),
    priceCents: item.priceCents,
    currency: item.currency,
    isPurchased: isViewable,
    tierRequired: item.tierRequired,
    category: item.category,
    subcategory: item.subcategory,
    tags: item.tags,
    explicitContent: item.explicitContent,
    createdAt: item.createdAt.toISOString(),
  };
}

/** GET /api/v1/items/{id}: like a feed post, but an entitled viewer gets the full image. */
export function presentItemDetail(view: ItemView, urls: MediaUrls): ItemDetail {
  const { item, isViewable } = view;
  const previewUrl = orNull(item.imagePreviewKey, urls.plain);
  return {
    ...presentFeedPost(view, urls),
    imageUrl: isViewable ? (orNull(item.imageKey, urls.signed) ?? previewUrl) : previewUrl,
    previewUrl,
    status: item.status,
    isOwner: view.isOwner,
  };
}
