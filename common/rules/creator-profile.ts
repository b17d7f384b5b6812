import type { PaidTier } from './tiers';

/*
 * Creator profile rules (SPEC §3 creator profile, §5 settings rules, §9 limits), applied by the
 * settings form and by the server alike.
 */

/** SPEC §9: the gallery holds at most ten images. */
export const GALLERY_MAX_IMAGES = 10;
/** SPEC §3 aura card rarities. */
export const AURA_CARD_RARITIES = ['free', 'premium', 'exclusive'] as const;
export type AuraCardRarity = (typeof AURA_CARD_RARITIES)[number];
/** Not in the SPEC: a bound so one profile cannot grow without end. */
export const AURA_CARDS_MAX = 24;

/** SPEC §9 sizes: profile image 160 px by default, banner 360 px, promo video at most 480 px. */
export const PROFILE_SIZE_DEFAULT = 160;
export const PROFILE_SIZE_MIN = 80;
export const PROFILE_SIZE_MAX = 320;
export const BANNER_HEIGHT_PX = 360;
export const PROMO_VIDEO_MAX_HEIGHT_PX = 480;
/** SPEC §9: the settings page previews the promo video in a 360 px frame. */
export const PROMO_PREVIEW_HEIGHT_PX = 360;

/**
 * The membership the profile's subscribe button sells (SPEC §2 creator profile view): the lowest
 * paid tier, so `subscriptionPrice` is "from" its monthly price (SPEC §9: Hypr $5/month).
 */
export const PROFILE_SUBSCRIPTION_TIER: PaidTier = 'Hypr';

/** Text bounds (issue 12: "text lengths are bounded"). */
export const PROFILE_TEXT_MAX = {
  displayName: 60,
  bio: 1000,
  auraStatus: 80,
  creatorWorldDescription: 2000,
  link: 500,
  mediaUrl: 500,
  cardTitle: 80,
  cardDescription: 500,
  cardId: 40,
} as const;

/** SPEC §3 creator profile `links`, in the order the profile lists them. */
export const CREATOR_LINK_NETWORKS = [
  'website',
  'twitter',
  'instagram',
  'youtube',
  'linkedin',
  'tiktok',
  'facebook',
] as const;
export type CreatorLinkNetwork = (typeof CREATOR_LINK_NETWORKS)[number];

/** Message keys the settings form shows and the server answers in `error` (with `field`). */
export const CREATOR_PROFILE_MESSAGES = [
  'invalidUrl',
  'textTooLong',
  'galleryLimit',
  'auraCardsLimit',
  'invalidRarity',
  'cardTitleRequired',
  'invalidCardId',
  'duplicateCardId',
  'invalidProfileSize',
  'invalidPromoVideo',
  'notUploadedHere',
  'notYourUpload',
  'wrongMediaKind',
] as const;
export type CreatorProfileMessage = (typeof CREATOR_PROFILE_MESSAGES)[number];

export const isCreatorProfileMessage = (value: string): value is CreatorProfileMessage =>
  (CREATOR_PROFILE_MESSAGES as readonly string[]).includes(value);

/**
 * SPEC §5: a social link must be a valid absolute URL. Only http(s) counts: a `javascript:` or
 * `data:` address is a valid URL too, and must never become a link on someone's profile.
 */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\\s]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The id of a video on the video-sharing service: 11 of letters, digits, `-` and `_`. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_SHARING_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
  'youtu.be',
];
/** Paths that carry the id as their second segment (`/embed/<id>`, `/shorts/<id>`, ...). */
const ID_PATH_PREFIXES = ['embed', 'shorts', 'live', 'v'];

function videoIdOfSharingUrl(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (url.hostname === 'youtu.be') candidate = segments[0];
  else if (segments[0] === 'watch') candidate = url.searchParams.get('v');
  else if (segments[0] && ID_PATH_PREFIXES.includes(segments[0])) candidate = segments[1];
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** How a promo video plays: an embedded frame of the video-sharing service, or a video file. */
export type PromoVideoSource = { kind: 'embed'; videoId: string } | { kind: 'file'; url: string };

/**
 * SPEC §5 promo video: a video-sharing URL plays in an embedded frame with its 11-character id;
 * an 11-character id alone does too (issue 12); anything else is played as a video file. A file
 * is a path on this server or an http(s) address (the server further requires the caller's own
 * upload). Null for text that is none of these, or a sharing URL without a readable id.
 */
export function promoVideoSource(value: string): PromoVideoSource | null {
  const text = value.trim();
  if (VIDEO_ID.test(text)) return { kind: 'embed', videoId: text };
  if (text.startsWith('/') && !text.startsWith('//')) return { kind: 'file', url: text };
  if (!isWebUrl(text)) return null;
  const url = new URL(text);
  if (VIDEO_SHARING_HOSTS.includes(url.hostname.toLowerCase())) {
    const videoId = videoIdOfSharingUrl(url);
    return videoId ? { kind: 'embed', videoId } : null;
  }
  return { kind: 'file', url: text };
}

/** The privacy-enhanced embed of the video-sharing service (allowed by the CSP's frame-src). */
export const promoEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;

/** The canonical watch address the API answers for an embedded promo video. */
export const promoWatchUrl = (videoId: string) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
