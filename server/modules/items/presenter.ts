import { specPriceText } from '../../../common/rules/money';
import type { Role } from '../../../common/rules/roles';
import type { FeedPost } from '../../../common/schemas/feed';
import { pwywOfferOf, type ItemDetail, type OwnItem } from '../../../common/schemas/items';
import type { ItemRow } from '../../db/schema/index';
import { itemMediaUrls, type ItemMediaUrls, type MediaUrls } from '../media/index';
import { creatorImage, creatorName, type ItemView } from './cards.read-model';
import { managedItemAbilities } from './policy';

/** SPEC §3 feed post for one viewer; the card never shows the original image. */
export function presentFeedPost(view: ItemView, urls: MediaUrls): FeedPost {
  return postOf(view, itemMediaUrls(view.item, view.creator.status, view.isViewable, urls), 'card');
}

/** A post with its media's URLs, showing the card image or the full one. */
function postOf(view: ItemView, media: ItemMediaUrls, image: 'card' | 'full'): FeedPost {
  const { item, creator, isViewable } = view;
  return {
    id: item.id,
    creatorId: item.creatorId,
    userName: creatorName(creator),
    userImage: creatorImage(creator),
    title: item.title,
    description: item.description,
    imageUrl: media[image],
    imageSrcSet: media.cardSrcSet,
    videoUrl: media.video,
    audioUrl: media.audio,
    likes: item.likesCount,
    likedByMe: view.likedByMe,
    comments: view.comments,
    commentsCount: item.commentsCount,
    visitors: item.visitorsCount,
    price: specPriceText(item.priceCents, item.currency),
    priceCents: item.priceCents,
    currency: item.currency,
    isPurchased: isViewable,
    tierRequired: item.tierRequired,
    earlyAccessUntil: view.earlyAccessUntil?.toISOString() ?? null,
    category: item.category,
    subcategory: item.subcategory,
    tags: item.tags,
    explicitContent: item.explicitContent,
    createdAt: item.createdAt.toISOString(),
    abilities: view.abilities,
  };
}

/**
 * GET /api/v1/items/{id}: like a feed post, but an entitled viewer gets the full image, and the
 * page says when the creator is suspended (only those who hold the item still open it then).
 */
export function presentItemDetail(view: ItemView, urls: MediaUrls): ItemDetail {
  const media = itemMediaUrls(view.item, view.creator.status, view.isViewable, urls);
  // Added to the post in place: spreading its two dozen fields into a copy cost more.
  return Object.assign(postOf(view, media, 'full'), {
    previewUrl: media.card,
    status: view.item.status,
    publishAt: view.item.publishAt?.toISOString() ?? null,
    isOwner: view.isOwner,
    creatorSuspended: view.creator.status === 'suspended',
    payWhatYouWant: pwywOfferOf(view.item),
  });
}

/**
 * One of the owner's items on "My items" (issue 10): its numbers and what the owner may do with
 * it in its current state (a deleted item is kept for its buyers and changes no more).
 */
export function presentManagedItem(
  viewer: { id: string; role: Role },
  item: ItemRow,
  buyers: number,
  urls: MediaUrls,
): OwnItem {
  // The owner's own list: they are signed in, so their account is active.
  return {
    id: item.id,
    title: item.title,
    status: item.status,
    priceCents: item.priceCents,
    currency: item.currency,
    tierRequired: item.tierRequired,
    thumbnail: itemMediaUrls(item, 'active', true, urls).card,
    views: item.visitorsCount,
    likes: item.likesCount,
    sales: item.salesCount,
    buyers,
    createdAt: item.createdAt.toISOString(),
    publishAt: item.publishAt?.toISOString() ?? null,
    abilities: managedItemAbilities(viewer, item),
  };
}
