import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import { ROLES } from '../rules/roles';
import { TIERS } from '../rules/tiers';

/*
 * Users (issue 3): the signed-in user's own profile (SPEC §3 "Profile response") and the public
 * profile of anyone by id (SPEC §3 "Profile view by user id").
 */

export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** SPEC §3 nested `profile` of the profile response. */
export const ProfileDetails = z.object({
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  gender: z.string().nullable(),
  display_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;

/**
 * SPEC §7 GET /api/v1/users/profile: the SPEC §3 fields as written (snake_case where the SPEC
 * has it), plus `id`, the two names the dashboard card reads: `displayName` (never empty:
 * display name, else given and family name, else username) and `avatarUrl` (the picture to
 * show), and `newsletter` for the account settings.
 */
export const ProfileResponse = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  /** ISO 8601. */
  registeredAt: z.string(),
  /** YYYY-MM-DD. */
  birthDate: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  /** Percent of the fillable fields that are filled (common/rules/profile.ts). */
  profileCompletion: z.number().int().min(0).max(100),
  profile: ProfileDetails,
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Consent to the newsletter (account settings). */
  newsletter: z.boolean(),
  /** Consent to show the e-mail to the creators one follows or is a member of (issue 42). */
  shareEmailWithCreators: z.boolean(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** One tile of a public profile: a locked item shows its blurred teaser only, never its media. */
export const PublicProfileItem = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  isPaid: z.boolean(),
  /** Its one-off price (0: not sold on its own), so a locked tile says what unlocks it. */
  priceCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  tierRequired: z.enum(TIERS),
  /** Members-first until then (issue 42): locked to all but its members; null when not (any more). */
  earlyAccessUntil: z.iso.datetime().nullable(),
  /** Whether this viewer may open the item now (free, own, bought, member of the tier, staff). */
  isUnlocked: z.boolean(),
});
export type PublicProfileItem = z.infer<typeof PublicProfileItem>;

export const SocialLinks = z.object({
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  youtube: z.string().nullable(),
});
export type SocialLinks = z.infer<typeof SocialLinks>;

/**
 * What the viewer may do on a person's profile (both `/hypr/{id}` and `/creator/{username}`), as
 * the server would allow it: the page shows only these buttons.
 */
export const ProfileAbilities = z.object({
  /** Edit this profile (its owner only). */
  canEdit: z.boolean(),
  /** Follow them, or unfollow (the follow rule: not oneself, a creator or already followed). */
  canFollow: z.boolean(),
  /** Buy a membership of this person (not oneself, a role that offers memberships). */
  canSubscribe: z.boolean(),
  /** Write to them now (the messaging rule, blocks included). */
  canMessage: z.boolean(),
});
export type ProfileAbilities = z.infer<typeof ProfileAbilities>;

/**
 * SPEC §7 GET /api/v1/users/{id}: public fields only (no email, phone or birth date).
 * `tier` is the highest membership the person holds now; `followers` counts their followers with
 * an active account. The viewer's own relation to the person: `isFollowing`, and `isSubscribed`
 * with `subscribedTier` (the viewer's membership of this creator giving access now, 'Aura' when
 * none); all false / 'Aura' for a signed-out viewer.
 */
export const PublicProfileResponse = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  /** The wide picture at the top of the profile (SPEC §3 bannerImage); null when none. */
  banner: z.string().nullable(),
  bio: z.string().nullable(),
  role: z.enum(ROLES),
  tier: z.enum(TIERS),
  followers: z.number().int().nonnegative(),
  isFollowing: z.boolean(),
  isSubscribed: z.boolean(),
  subscribedTier: z.enum(TIERS),
  socialLinks: SocialLinks,
  /** Newest first. */
  content: z.array(PublicProfileItem),
  abilities: ProfileAbilities,
});
export type PublicProfileResponse = z.infer<typeof PublicProfileResponse>;
