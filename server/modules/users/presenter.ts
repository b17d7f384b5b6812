import { inEarlyAccess, lockTier } from '../../../common/rules/early-access';
import type { Tier } from '../../../common/rules/tiers';
import type { Currency } from '../../../common/rules/money';
import { avatarOf, displayNameOf, fullNameOf } from '../../../common/rules/display-name';
import { profileCompletion } from '../../../common/rules/profile';
import type {
  ProfileAbilities,
  ProfileResponse,
  PublicProfileItem,
  PublicProfileResponse,
  SocialLinks,
  UserStatus,
} from '../../../common/schemas/users';
import type { UserRow } from './tables';
import { itemMediaUrls, type ItemMediaSubject, type MediaUrls } from '../media/index';

export { avatarOf };

/** SPEC §3 profile response of the signed-in user (their own private fields included). */
export function presentProfile(user: UserRow): ProfileResponse {
  const picture = avatarOf(user);
  return {
    id: user.id,
    username: user.username,
    avatar: picture,
    avatar_url: picture,
    given_name: user.givenName,
    family_name: user.familyName,
    email: user.email,
    role: user.role,
    registeredAt: user.registeredAt.toISOString(),
    birthDate: user.birthDate,
    phoneNumber: user.phoneNumber,
    status: user.status,
    profileCompletion: profileCompletion({ ...user, picture }),
    profile: {
      bio: user.bio,
      location: user.location,
      website: user.website,
      roles: [user.role],
      gender: user.gender,
      display_name: user.displayName,
      profile_image: user.profileImage,
      created_at: user.registeredAt.toISOString(),
    },
    displayName: displayNameOf(user),
    avatarUrl: picture,
    newsletter: user.newsletter,
    shareEmailWithCreators: user.shareEmailWithCreators,
  };
}

/**
 * A content tile: the preview when the viewer may see the item, else its teaser, so a locked
 * item's picture never leaves; the product page hands out the full media.
 */
export const presentProfileItem = (
  item: ItemMediaSubject & { title: string; creatorStatus: UserStatus; currency: Currency },
  isUnlocked: boolean,
  urls: MediaUrls,
  now: Date,
): PublicProfileItem => ({
  id: item.id,
  title: item.title,
  thumbnail: itemMediaUrls(item, item.creatorStatus, isUnlocked, urls).card,
  isPaid: item.priceCents > 0 || lockTier(item, now) !== 'Aura',
  priceCents: item.priceCents,
  currency: item.currency,
  tierRequired: item.tierRequired,
  earlyAccessUntil: inEarlyAccess(item, now)
    ? (item.earlyAccessUntil?.toISOString() ?? null)
    : null,
  isUnlocked,
});

/** How the viewer stands to the person shown (all false / 'Aura' when signed out). */
export interface ProfileRelation {
  followers: number;
  isFollowing: boolean;
  subscribedTier: Tier;
}

/** SPEC §3 profile view by user id: public fields only (no email, phone or birth date). */
export function presentPublicProfile(
  user: UserRow,
  tier: Tier,
  content: PublicProfileItem[],
  relation: ProfileRelation,
  socialLinks: SocialLinks,
  banner: string | null,
  abilities: ProfileAbilities,
): PublicProfileResponse {
  return {
    id: user.id,
    username: user.username,
    fullName: fullNameOf(user) || user.displayName?.trim() || user.username,
    avatar: avatarOf(user),
    banner,
    bio: user.bio,
    role: user.role,
    tier,
    followers: relation.followers,
    isFollowing: relation.isFollowing,
    isSubscribed: relation.subscribedTier !== 'Aura',
    subscribedTier: relation.subscribedTier,
    socialLinks,
    content,
    abilities,
  };
}
