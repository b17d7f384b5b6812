import { z } from 'zod';
import { isCategory, isSubcategoryOf } from '../catalog/categories';
import {
  pwywBounds,
  pwywTermsProblem,
  type PayWhatYouWant,
  type PwywTermsProblem,
} from '../rules/pay-what-you-want';
import { TIERS } from '../rules/tiers';
import { parsePriceToCents } from './billing';
import { FeedPost, ItemComment } from './feed';

/*
 * Creator items ("auras", issue 4): the SPEC §3 upload form, as the web form resolves it and
 * the server validates it.
 */

/** What a creator chooses on the form (SPEC §3): on sale, or withdrawn from sale. */
export const ITEM_STATUSES = ['available', 'unavailable'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/**
 * What an item can be in the database: a status of the form, `scheduled` (issue 42: it goes on
 * sale by itself at its `publishAt`; until then only its owner and staff see it), or `deleted`
 * (issue 10: a soft delete that keeps the row for its buyers; nothing brings a deleted item back).
 */
export const ITEM_STATES = [...ITEM_STATUSES, 'scheduled', 'deleted'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const ITEM_TITLE_MAX = 200;
export const ITEM_DESCRIPTION_MAX = 5000;
export const ITEM_TAGS_MAX = 20;
export const ITEM_TAG_MAX_LENGTH = 40;
/** 10,000.00 €: a typo guard, not a business limit. */
export const ITEM_PRICE_MAX_CENTS = 1_000_000;
export const COMMENT_MAX_LENGTH = 1000;
/** How far ahead an item may be scheduled (issue 42). */
export const PUBLISH_AT_MAX_AHEAD_MS = 365 * 24 * 3600_000;
/** Catalogue code of a `publishAt` that is not a time, not in the future or too far ahead. */
export const PUBLISH_AT_INVALID = 'item_publish_at_invalid';

/**
 * The time an item is scheduled for, or the reason to refuse it: an ISO 8601 time with a zone,
 * after `now` and at most a year after it. The server decides with its clock; the web form asks
 * the same before sending.
 */
export function parsePublishAt(raw: string, now: Date): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) {
    return null;
  }
  const at = new Date(raw);
  const ms = at.getTime();
  if (Number.isNaN(ms) || ms <= now.getTime()) return null;
  return ms - now.getTime() <= PUBLISH_AT_MAX_AHEAD_MS ? at : null;
}

/** SPEC §5 message when a required upload field is missing. */
export const UPLOAD_REQUIRED_FIELDS = 'upload.requiredFields';

/** SPEC §5: tags are unique and trimmed; blank or duplicate text is ignored. */
export function addTag(tags: readonly string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

/** The same rule over a whole list (what the server stores). */
export const normalizeTags = (tags: readonly string[]): string[] =>
  tags.reduce<string[]>((list, tag) => addTag(list, tag), []);

// A missing field and a blank one get the same SPEC §5 message.
const requiredText = (max: number) =>
  z.string({ error: UPLOAD_REQUIRED_FIELDS }).trim().min(1, UPLOAD_REQUIRED_FIELDS).max(max);
const mediaUrl = z.string().trim().max(500);

/**
 * POST /api/v1/aura/create. `price` is the amount as typed (9.99, "9,99"); `image`, `audio` and
 * `video` are URLs answered by the media upload calls (and must be the caller's own uploads of
 * that kind). `tierRequired` lets members of that tier see the item without buying it. SPEC §5
 * makes audio, video, tags and explicit content optional: left out, an item has no tags, is not
 * explicit and is available.
 */
export const CreateItemRequest = z
  .object({
    title: requiredText(ITEM_TITLE_MAX),
    description: requiredText(ITEM_DESCRIPTION_MAX),
    price: z.union([z.string().max(32), z.number()], { error: UPLOAD_REQUIRED_FIELDS }),
    image: requiredText(500),
    audio: mediaUrl.optional(),
    video: mediaUrl.optional(),
    status: z.enum(ITEM_STATUSES).default('available'),
    tags: z
      .array(
        z.string().max(ITEM_TAG_MAX_LENGTH, `Tags have at most ${ITEM_TAG_MAX_LENGTH} characters`),
      )
      .max(ITEM_TAGS_MAX, `At most ${ITEM_TAGS_MAX} tags`)
      .default([]),
    category: requiredText(40),
    subcategory: requiredText(60),
    explicitContent: z.boolean().default(false),
    tierRequired: z.enum(TIERS).optional(),
    /**
     * Issue 42: go on sale by itself at this time (ISO 8601 with a zone, in the future, at most a
     * year ahead; `parsePublishAt`). The item is `scheduled` until then and `status` is ignored.
     * Left out or null: the item takes `status` now.
     */
    publishAt: z.string().max(64).nullable().optional(),
    /**
     * Issue 42: members-first until this time (ISO 8601 with a zone, after the item goes out, at
     * most 90 days later; needs `tierRequired`; common/rules/early-access.ts). Until then only
     * members of that tier, buyers, the owner and staff open it and nobody can buy it; then it
     * opens to everyone, free or for its price. Left out or null: no early access.
     */
    earlyAccessUntil: z.string().max(64).nullable().optional(),
    /**
     * Issue 43, pay what you want ("Let fans pay more"): the smallest amount a fan may pay, as
     * typed like `price` (0 allowed), and the amount the product page suggests. Both or neither:
     * with them the item is pay-what-you-want and `price` is ignored (the stored price is the
     * smallest payment, common/rules/pay-what-you-want.ts). Left out or null: a fixed price.
     */
    minPrice: z
      .union([z.string().max(32), z.number()])
      .nullable()
      .optional(),
    suggestedPrice: z
      .union([z.string().max(32), z.number()])
      .nullable()
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (String(value.price).trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['price'], message: UPLOAD_REQUIRED_FIELDS });
    } else {
      const cents = parsePriceToCents(value.price);
      if (cents === null || cents > ITEM_PRICE_MAX_CENTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['price'],
          message: 'Price must be an amount like 9.99 between 0 and 10000',
        });
      }
    }
    if (value.category && !isCategory(value.category)) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'Unknown category' });
    } else if (value.subcategory && !isSubcategoryOf(value.category, value.subcategory)) {
      ctx.addIssue({
        code: 'custom',
        path: ['subcategory'],
        message: 'The subcategory does not belong to the chosen category',
      });
    }
  });
export type CreateItemRequest = z.infer<typeof CreateItemRequest>;

const isBlank = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '';

/**
 * The pay-what-you-want terms of a create/edit form (issue 43), in cents: null for a fixed
 * price, or the catalogue code and field to refuse the form with. The form and the server ask
 * the same.
 */
export function pwywTermsOf(form: {
  minPrice?: string | number | null | undefined;
  suggestedPrice?: string | number | null | undefined;
}):
  | { terms: PayWhatYouWant | null; problem?: undefined }
  | { problem: PwywTermsProblem; field: 'minPrice' | 'suggestedPrice' } {
  const noMin = isBlank(form.minPrice);
  const noSuggested = isBlank(form.suggestedPrice);
  if (noMin && noSuggested) return { terms: null };
  const minPriceCents = noMin ? null : parsePriceToCents(form.minPrice as string | number);
  if (minPriceCents === null) return { problem: 'pwyw_minimum_invalid', field: 'minPrice' };
  const suggestedPriceCents = noSuggested
    ? null
    : parsePriceToCents(form.suggestedPrice as string | number);
  if (suggestedPriceCents === null) {
    return { problem: 'pwyw_suggested_invalid', field: 'suggestedPrice' };
  }
  const terms = { minPriceCents, suggestedPriceCents };
  const problem = pwywTermsProblem(terms);
  if (problem) {
    return { problem, field: problem === 'pwyw_minimum_invalid' ? 'minPrice' : 'suggestedPrice' };
  }
  return { terms };
}

/** An item's pay-what-you-want offer as its page shows it (cents of the item's currency). */
export const PwywOffer = z.object({
  /** The creator's minimum (may be 0). */
  minPriceCents: z.number().int(),
  suggestedPriceCents: z.number().int(),
  /** The smallest and largest amount one payment may have (`pwywBounds`). */
  minCents: z.number().int(),
  maxCents: z.number().int(),
});
export type PwywOffer = z.infer<typeof PwywOffer>;

/** The offer of stored terms, or null for a fixed-price item. */
export function pwywOfferOf(item: {
  minPriceCents: number | null;
  suggestedPriceCents: number | null;
}): PwywOffer | null {
  if (item.minPriceCents === null || item.suggestedPriceCents === null) return null;
  return {
    minPriceCents: item.minPriceCents,
    suggestedPriceCents: item.suggestedPriceCents,
    ...pwywBounds(item.minPriceCents),
  };
}

/** PATCH /api/v1/aura/{id} (issue 10): the whole form again, with the same fields and rules. */
export const UpdateItemRequest = CreateItemRequest;
export type UpdateItemRequest = z.infer<typeof UpdateItemRequest>;

/**
 * An item as one viewer may see it (GET /api/v1/items/{id}). Same fields as a feed post, except
 * that `imageUrl` is the full image (signed) when the viewer may see the item and the teaser
 * otherwise.
 */
export const ItemDetail = FeedPost.extend({
  status: z.enum(ITEM_STATES),
  /** When a `scheduled` item goes on sale (issue 42): only its owner and staff see such an item. */
  publishAt: z.iso.datetime().nullable(),
  /** What a card shows: the resized preview when the viewer may see the item, else the teaser. */
  previewUrl: z.string().nullable(),
  /** The viewer published it (owners always see their item, even unavailable). */
  isOwner: z.boolean(),
  /**
   * Its creator is suspended: only those who hold it (buyers, running members) and staff open
   * it, and nobody can buy it (docs/payments.md).
   */
  creatorSuspended: z.boolean(),
  /**
   * Issue 43: the fan chooses what to pay (checkout `amount`, between `minCents` and `maxCents`);
   * null on a fixed-price item. `priceCents` is then the smallest payment.
   */
  payWhatYouWant: PwywOffer.nullable(),
});
export type ItemDetail = z.infer<typeof ItemDetail>;

/**
 * Answer of POST /api/v1/aura/create (201). `token` is a fresh sign-in token when publishing
 * turned the caller from `user` into `creator` (the old token names the old role and stops
 * working); null when the role did not change.
 */
export const CreateItemResponse = z.object({
  id: z.number().int(),
  item: ItemDetail,
});
export type CreateItemResponse = z.infer<typeof CreateItemResponse>;

/** PATCH /api/v1/aura/{id}: the item as its owner now sees it. */
export const UpdateItemResponse = z.object({ id: z.number().int(), item: ItemDetail });
export type UpdateItemResponse = z.infer<typeof UpdateItemResponse>;

/**
 * One of the owner's items on the dashboard's "My items" (issue 10): every state, with its
 * numbers, and what the owner may do with it now (decided by the server).
 */
export const OwnItem = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(ITEM_STATES),
  priceCents: z.number().int(),
  currency: z.string(),
  tierRequired: z.enum(TIERS),
  /** The card picture (the owner may always see it). */
  thumbnail: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  sales: z.number().int(),
  /** People who bought it: they keep access after a delete. */
  buyers: z.number().int(),
  createdAt: z.iso.datetime(),
  /** When a `scheduled` item goes on sale by itself (issue 42); null otherwise. */
  publishAt: z.iso.datetime().nullable(),
  abilities: z.object({
    canEdit: z.boolean(),
    canPublish: z.boolean(),
    canUnpublish: z.boolean(),
    canDelete: z.boolean(),
  }),
});
export type OwnItem = z.infer<typeof OwnItem>;

/** GET /api/v1/aura/mine: the caller's items, newest first, deleted ones included. */
export const OwnItemList = z.object({ items: z.array(OwnItem) });
export type OwnItemList = z.infer<typeof OwnItemList>;

/** GET /api/v1/aura/scheduled (issue 42): the caller's scheduled items, soonest first. */
export const ScheduledItemList = OwnItemList;
export type ScheduledItemList = OwnItemList;

/** POST/DELETE /api/v1/items/{id}/like: the viewer's state and the honest count after it. */
export const LikeResponse = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponse>;

/** SPEC §5: blank text is refused; stored and answered as plain text. */
export const CreateCommentRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Comment text is required')
    .max(COMMENT_MAX_LENGTH, `Comments have at most ${COMMENT_MAX_LENGTH} characters`),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequest>;

export const CommentListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** The previous page's nextCursor (opaque). */
  cursor: z.string().max(200).optional(),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/** GET /api/v1/items/{id}/comments: oldest first; `total` counts all comments of the item. */
export const CommentList = z.object({
  comments: z.array(ItemComment),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type CommentList = z.infer<typeof CommentList>;

/** POST /api/v1/items/{id}/comments (201). */
export const CommentResponse = z.object({
  comment: ItemComment,
  commentsCount: z.number().int(),
});
export type CommentResponse = z.infer<typeof CommentResponse>;

/** POST /api/v1/items/{id}/visit: `counted` is false when this viewer was counted today already. */
export const VisitResponse = z.object({ visitors: z.number().int(), counted: z.boolean() });
export type VisitResponse = z.infer<typeof VisitResponse>;
