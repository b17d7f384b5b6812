import { avatarOf, displayNameOf } from '../../../common/rules/display-name';
import {
  PROFILE_SIZE_DEFAULT,
  PROFILE_SUBSCRIPTION_TIER,
  promoWatchUrl,
} from '../../../common/rules/creator-profile';
import { centsToDecimalString } from '../../../common/rules/money';
import { roleHolds } from '../../../common/rules/permissions';
import { TIER_CURRENCY, TIER_PRICE_CENTS, type Tier } from '../../../common/rules/tiers';
import type {
  AuraCard,
  CreatorLinks,
  CreatorProfileResponse,
} from '../../../common/schemas/creator-profile';
import type { ProfileAbilities, PublicProfileItem } from '../../../common/schemas/users';
import { mediaPath } from '../media/index';
import type { UserRow } from '../users/index';
import type { PostCounters } from '../items/index';
import type { CreatorProfileRow, StoredAuraCard } from './tables';

/** What one viewer's view of a creator profile is made of. */
export interface CreatorProfileView {
  user: UserRow;
  /** null while the person never saved a profile and was never visited. */
  profile: CreatorProfileRow | null;
  counters: PostCounters;
  followersCount: number;
  isFollowing: boolean;
  subscribedTier: Tier;
  items: PublicProfileItem[];
  abilities: ProfileAbilities;
}

/** SPEC §9: "sample creator subscription price 9.99"; ours is the lowest paid tier's price. */
const MEMBERSHIP_FROM_CENTS = TIER_PRICE_CENTS[PROFILE_SUBSCRIPTION_TIER];

/**
 * Media of the profile are uploads no item uses (docs/features.md: readable by their unguessable URL),
 * so their plain path is what every visitor gets.
 */
const mediaUrlOf = (key: string | null) => (key ? mediaPath(key) : null);

export function presentLinks(user: UserRow, profile: CreatorProfileRow | null): CreatorLinks {
  const links = profile?.links ?? {};
  return {
    website: user.website,
    twitter: links.twitter ?? null,
    instagram: links.instagram ?? null,
    youtube: links.youtube ?? null,
    linkedin: links.linkedin ?? null,
    tiktok: links.tiktok ?? null,
    facebook: links.facebook ?? null,
  };
}

export const presentAuraCard = (card: StoredAuraCard): AuraCard => ({
  id: card.id,
  title: card.title,
  description: card.description,
  imageUrl: mediaUrlOf(card.imageKey),
  rarity: card.rarity,
});

/** The promo video as the API answers it: the upload's path or the sharing service's address. */
export function presentPromoVideo(profile: CreatorProfileRow | null): string | null {
  if (profile?.promoVideoKey) return mediaPath(profile.promoVideoKey);
  if (profile?.promoVideoId) return promoWatchUrl(profile.promoVideoId);
  return null;
}

/** SPEC §3 creator profile: public fields only (never email, birth date or phone). */
export function presentCreatorProfile(view: CreatorProfileView): CreatorProfileResponse {
  const { user, profile, counters } = view;
  const offersMembership = roleHolds(user.role, 'membership.offer');
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    name: displayNameOf(user),
    displayName: user.displayName,
    bio: user.bio,
    auraStatus: profile?.auraStatus ?? null,
    profileImage: avatarOf(user),
    bannerImage: mediaUrlOf(profile?.bannerImageKey ?? null),
    profileSize: profile?.profileSize ?? PROFILE_SIZE_DEFAULT,
    links: presentLinks(user, profile),
    promoVideo: presentPromoVideo(profile),
    visitorCount: profile?.visitorCount ?? 0,
    isSubscribed: view.subscribedTier !== 'Aura',
    subscribedTier: view.subscribedTier,
    isFollowing: view.isFollowing,
    // SPEC §3: the last activity; accounts not seen since it was recorded show their last sign-in.
    lastOnline: (user.lastActiveAt ?? user.lastLoginAt)?.toISOString() ?? null,
    joinedAt: user.registeredAt.toISOString(),
    freePostsCount: counters.freePostsCount,
    paidPostsCount: counters.paidPostsCount,
    premiumContentCount: counters.premiumContentCount,
    followersCount: view.followersCount,
    subscriptionPrice: offersMembership ? centsToDecimalString(MEMBERSHIP_FROM_CENTS) : null,
    subscriptionPriceCents: offersMembership ? MEMBERSHIP_FROM_CENTS : null,
    subscriptionCurrency: TIER_CURRENCY,
    galleryImages: (profile?.galleryKeys ?? []).map((key) => mediaPath(key)),
    auraCards: (profile?.auraCards ?? []).map(presentAuraCard),
    creatorWorldDescription: profile?.creatorWorldDescription ?? null,
    items: view.items,
    abilities: view.abilities,
  };
}
