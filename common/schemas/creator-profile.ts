import { z } from 'zod';
import {
  AURA_CARD_RARITIES,
  AURA_CARDS_MAX,
  GALLERY_MAX_IMAGES,
  isWebUrl,
  PROFILE_SIZE_MAX,
  PROFILE_SIZE_MIN,
  PROFILE_TEXT_MAX,
  promoVideoSource,
} from '../rules/creator-profile';
import { CURRENCIES } from '../rules/money';
import { ROLES } from '../rules/roles';
import { TIERS } from '../rules/tiers';
import { ProfileAbilities, PublicProfileItem } from './users';

/*
 * The creator profile (issue 12; SPEC §3 "Creator profile", §5 settings rules): what
 * GET /api/v1/auth/profile and GET /api/v1/creators/{username} answer, and what
 * PUT /api/v1/auth/profile takes. The settings form resolves with the same request schema.
 * A broken rule answers 400 with its message key in `error` and the field path in `field`.
 */

/** Text that may be cleared: '' and null both mean "none" (the server stores null). */
const clearableText = (max: number) => z.string().trim().max(max, 'textTooLong').nullable();

/** SPEC §5: a non-empty social link must be an absolute http(s) URL ('invalidUrl'). */
export const WebLink = z
  .string()
  .trim()
  .max(PROFILE_TEXT_MAX.link, 'textTooLong')
  .refine((value) => value === '' || isWebUrl(value), 'invalidUrl')
  .nullable();

/** The URL of an upload (answered by the media calls); the server requires the caller's own. */
const UploadUrl = z.string().trim().max(PROFILE_TEXT_MAX.mediaUrl, 'textTooLong').nullable();

export const CreatorLinksInput = z.object({
  website: WebLink.optional(),
  twitter: WebLink.optional(),
  instagram: WebLink.optional(),
  youtube: WebLink.optional(),
  linkedin: WebLink.optional(),
  tiktok: WebLink.optional(),
  facebook: WebLink.optional(),
});
export type CreatorLinksInput = z.infer<typeof CreatorLinksInput>;

/** SPEC §3 aura card as the editor sends it: every field present, a known rarity. */
export const AuraCardInput = z.object({
  id: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{1,${PROFILE_TEXT_MAX.cardId}}$`), 'invalidCardId'),
  title: z
    .string()
    .trim()
    .min(1, 'cardTitleRequired')
    .max(PROFILE_TEXT_MAX.cardTitle, 'textTooLong'),
  description: z.string().trim().max(PROFILE_TEXT_MAX.cardDescription, 'textTooLong'),
  imageUrl: UploadUrl,
  rarity: z.enum(AURA_CARD_RARITIES, { error: 'invalidRarity' }),
});
export type AuraCardInput = z.infer<typeof AuraCardInput>;

/**
 * PUT /api/v1/auth/profile. Every field is optional: a field left out keeps its stored value.
 * `profileImage`, `bannerImage`, `galleryImages` and card images are URLs of the caller's own
 * image uploads; `promoVideo` is a video-sharing URL, an 11-character video id, or the URL of
 * the caller's own video upload. '' or null clears a field.
 */
export const UpdateCreatorProfileRequest = z.object({
  displayName: clearableText(PROFILE_TEXT_MAX.displayName).optional(),
  bio: clearableText(PROFILE_TEXT_MAX.bio).optional(),
  auraStatus: clearableText(PROFILE_TEXT_MAX.auraStatus).optional(),
  profileImage: UploadUrl.optional(),
  bannerImage: UploadUrl.optional(),
  profileSize: z
    .number({ error: 'invalidProfileSize' })
    .int('invalidProfileSize')
    .min(PROFILE_SIZE_MIN, 'invalidProfileSize')
    .max(PROFILE_SIZE_MAX, 'invalidProfileSize')
    .optional(),
  links: CreatorLinksInput.optional(),
  promoVideo: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX.mediaUrl, 'textTooLong')
    .refine((value) => value === '' || promoVideoSource(value) !== null, 'invalidPromoVideo')
    .nullable()
    .optional(),
  galleryImages: z
    .array(
      z.string().trim().min(1, 'notUploadedHere').max(PROFILE_TEXT_MAX.mediaUrl, 'textTooLong'),
    )
    .max(GALLERY_MAX_IMAGES, 'galleryLimit')
    .optional(),
  auraCards: z
    .array(AuraCardInput)
    .max(AURA_CARDS_MAX, 'auraCardsLimit')
    .superRefine((cards, ctx) => {
      const seen = new Set<string>();
      cards.forEach((card, index) => {
        if (seen.has(card.id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'duplicateCardId' });
        }
        seen.add(card.id);
      });
    })
    .optional(),
  creatorWorldDescription: clearableText(PROFILE_TEXT_MAX.creatorWorldDescription).optional(),
});
export type UpdateCreatorProfileRequest = z.infer<typeof UpdateCreatorProfileRequest>;

/** SPEC §3 `links`: each network's URL, null when not set. */
export const CreatorLinks = z.object({
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  linkedin: z.string().nullable(),
  tiktok: z.string().nullable(),
  facebook: z.string().nullable(),
});
export type CreatorLinks = z.infer<typeof CreatorLinks>;

/** SPEC §3 aura card. */
export const AuraCard = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  rarity: z.enum(AURA_CARD_RARITIES),
});
export type AuraCard = z.infer<typeof AuraCard>;

/**
 * SPEC §3 creator profile, every field from the database. `name` is the name a page shows
 * (display name, else given and family name, else username); `displayName` the stored one.
 * Counters count the creator's available items: free = price 0 and tier Aura, paid = price
 * above 0, premium = tier Hypr or HyprSoul. `subscriptionPrice` is the lowest paid tier's
 * monthly price as text (`5.00`), null for someone who offers no membership. `visitorCount`
 * counts visits once per viewer and day. `isFollowing`, `isSubscribed` and `subscribedTier` are
 * the viewer's own relation (false/'Aura' on one's own profile and when signed out). `items` are
 * the creator's available items as content tiles.
 */
export const CreatorProfileResponse = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  auraStatus: z.string().nullable(),
  profileImage: z.string().nullable(),
  bannerImage: z.string().nullable(),
  profileSize: z.number().int(),
  links: CreatorLinks,
  promoVideo: z.string().nullable(),
  visitorCount: z.number().int().nonnegative(),
  isSubscribed: z.boolean(),
  subscribedTier: z.enum(TIERS),
  isFollowing: z.boolean(),
  /** ISO 8601: the last activity (sign-in or request, to within minutes); null if never signed in. */
  lastOnline: z.string().nullable(),
  /** ISO 8601. */
  joinedAt: z.string(),
  freePostsCount: z.number().int().nonnegative(),
  paidPostsCount: z.number().int().nonnegative(),
  premiumContentCount: z.number().int().nonnegative(),
  followersCount: z.number().int().nonnegative(),
  subscriptionPrice: z.string().nullable(),
  subscriptionPriceCents: z.number().int().nullable(),
  subscriptionCurrency: z.enum(CURRENCIES),
  galleryImages: z.array(z.string()),
  auraCards: z.array(AuraCard),
  creatorWorldDescription: z.string().nullable(),
  /** Newest first. */
  items: z.array(PublicProfileItem),
  abilities: ProfileAbilities,
});
export type CreatorProfileResponse = z.infer<typeof CreatorProfileResponse>;
