import { z } from 'zod';
import { FEED_PAGE_DEFAULT, FEED_PAGE_MAX } from '../rules/feed';
import { CURRENCIES } from '../rules/money';
import { TIERS } from '../rules/tiers';

/*
 * Discover feed (issue 4). Media URLs follow one rule, decided by the server's entitlement
 * answer (`isPurchased`):
 *   - imageUrl is the resized preview while the viewer may see the item (feed cards never load
 *     originals; public for a free item, else a short-lived signed URL); on a locked post it is
 *     the teaser, a blurred picture a few dozen pixels wide scaled up, never the preview.
 *   - videoUrl and audioUrl are short-lived signed URLs, present only while the viewer may see
 *     the item (owner, buyer, member of the required tier, admin, or a free item); null otherwise.
 */

export { FEED_PAGE_DEFAULT, FEED_PAGE_MAX };
/** Latest comments carried inside each post (SPEC §3 `comments`); the full list is paged. */
export const FEED_POST_COMMENTS = 3;

/** SPEC §3 comment of a post: user (the author's name), text (plain text, never HTML), id. */
export const ItemComment = z.object({
  id: z.number().int(),
  user: z.string(),
  userId: z.string(),
  userImage: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type ItemComment = z.infer<typeof ItemComment>;

/**
 * The card picture for `srcset` (issue 10): the preview at 320 and 640 px wide, per format,
 * as `srcset` values (`<url> 320w, <url> 640w`). Null whenever `imageUrl` is not the preview
 * (a locked post's teaser, or no picture), so it never widens what a viewer may load.
 */
export const ImageSrcSet = z.object({ avif: z.string(), webp: z.string() });
export type ImageSrcSet = z.infer<typeof ImageSrcSet>;

/** SPEC §3 feed post plus what the card needs (creator link, cents, counters, viewer state). */
export const FeedPost = z.object({
  id: z.number().int(),
  creatorId: z.string(),
  userName: z.string(),
  userImage: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  imageSrcSet: ImageSrcSet.nullable(),
  videoUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  likes: z.number().int(),
  /** Whether the signed-in viewer likes it (always false signed out). */
  likedByMe: z.boolean(),
  /** The latest few comments, oldest first. */
  comments: z.array(ItemComment),
  commentsCount: z.number().int(),
  visitors: z.number().int(),
  /**
   * SPEC §3's euro string (`15,00 €`, made by common/rules/money.ts `specPriceText`). Screens
   * show `priceCents` and `currency` in the reader's language instead.
   */
  price: z.string(),
  priceCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** SPEC §3: true when the viewer may see the full item now (bought, member, owner, free). */
  isPurchased: z.boolean(),
  tierRequired: z.enum(TIERS),
  /**
   * Issue 42: until this time only members of `tierRequired` (and buyers, owner, staff) open it;
   * then everyone may, free or for its price. Null when it is not members-first (any more).
   */
  earlyAccessUntil: z.iso.datetime().nullable(),
  category: z.string(),
  subcategory: z.string(),
  tags: z.array(z.string()),
  explicitContent: z.boolean(),
  createdAt: z.string(),
  /**
   * What the viewer may do with it, as the server decides (issue 10): edit it (its owner), or
   * buy it once (common/rules/purchase.ts; a tier-only or free item cannot be bought).
   */
  abilities: z.object({ canEdit: z.boolean(), canBuy: z.boolean() }),
});
export type FeedPost = z.infer<typeof FeedPost>;

/** GET /api/v1/feed?limit=&cursor= (keyset: newest first; the cursor is opaque). */
export const FeedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

export const FeedPage = z.object({
  posts: z.array(FeedPost),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof FeedPage>;

/** GET /api/v1/creators/spotlight: six creators picked from real activity. */
export const SpotlightCreator = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  /** Published (available) items. */
  itemCount: z.number().int(),
  /** Likes their recent items earned (what the ranking uses). */
  likes: z.number().int(),
});
export type SpotlightCreator = z.infer<typeof SpotlightCreator>;

export const SpotlightResponse = z.object({ creators: z.array(SpotlightCreator) });
export type SpotlightResponse = z.infer<typeof SpotlightResponse>;
