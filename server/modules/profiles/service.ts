import { eq } from 'drizzle-orm';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '../../../common/rules/account';
import {
  CREATOR_LINK_NETWORKS,
  PROFILE_SIZE_DEFAULT,
  promoVideoSource,
} from '../../../common/rules/creator-profile';
import { isCreator } from '../../../common/rules/creator';
import { avatarOf } from '../../../common/rules/display-name';
import type { Role } from '../../../common/rules/roles';
import type {
  CreatorProfileResponse,
  UpdateCreatorProfileRequest,
} from '../../../common/schemas/creator-profile';
import { authorize } from '../../auth/authorize';
import type { Clock } from '../../context';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail, failWithKey } from '../../http/errors';
import type { PagePreview } from '../../http/page-html';
import { visitorKey } from '../../http/visitor-key';
import { membershipTier } from '../access/index';
import { followerCount, isFollowing } from '../follows/index';
import { postCounters } from '../items/index';
import { sendRefusalFor } from '../messages/index';
import {
  mediaPath,
  resolveOwnUploads,
  type MediaUrls,
  type OwnUpload,
  type UploadChoice,
} from '../media/index';
import {
  mayViewProfile,
  updateAccountDetails,
  type AccountDetails,
  type UserRow,
} from '../users/index';
import { publicFeedPath } from '../rss/index';
import { profileTiles } from './public-profile';
import { countsAsProfileVisit, profileAbilities } from './policy';
import { loadSubject } from './subject.read-model';
import { presentCreatorProfile } from './presenter';
import { creatorProfiles, type CreatorProfileRow, type StoredLinks } from './tables';
import { countProfileVisit } from './visits';

/*
 * Creator profiles (issue 12; SPEC §3 creator profile, §5 settings rules): the signed-in
 * creator's own, anyone's by username (which counts the visit), and saving one's own.
 */

export interface ProfilesDeps {
  db: Database;
  urls: MediaUrls;
  clock: Clock;
  /** Keys the hash of a signed-out visitor's address (c.keys['visitor-hash']). */
  visitorHashKey: Uint8Array;
}

type Viewer = { id: string; role: Role };

/** One viewer's view of a person's creator profile, every figure from the database. */
async function viewOf(
  deps: ProfilesDeps,
  viewer: Viewer | null,
  user: UserRow,
  profile: CreatorProfileRow | null,
): Promise<CreatorProfileResponse> {
  const now = deps.clock.now();
  // Following and membership are about someone else: one's own page skips those look-ups.
  const isOther = viewer !== null && viewer.id !== user.id;
  const [counters, followersCount, following, subscribedTier, items, refusal] = await Promise.all([
    postCounters(deps.db, user.id, now),
    followerCount(deps.db, user.id),
    isOther ? isFollowing(deps.db, viewer.id, user.id) : false,
    isOther ? membershipTier(deps.db, viewer.id, user.id, now) : ('Aura' as const),
    profileTiles(deps.db, deps.urls, viewer, user, now),
    isOther ? sendRefusalFor(deps.db, viewer, user, now) : null,
  ]);
  return presentCreatorProfile({
    user,
    profile,
    counters,
    followersCount,
    isFollowing: following,
    subscribedTier,
    items,
    abilities: profileAbilities(
      viewer,
      {
        id: user.id,
        role: user.role,
        isCreator: isCreator({ role: user.role, hasItems: counters.hasPublished }),
      },
      { isFollowing: following, sendRefusal: refusal },
    ),
  });
}

/** SPEC §7 GET /api/v1/auth/profile: the signed-in user's own creator profile. */
export async function ownCreatorProfile(
  deps: ProfilesDeps,
  viewer: Viewer,
): Promise<CreatorProfileResponse> {
  const row = await loadSubject(deps.db, { id: viewer.id });
  if (!row) throw fail('creator_not_found');
  return viewOf(deps, viewer, row.user, row.profile);
}

/**
 * A creator's profile as a signed-out visitor sees it (what GET /api/v1/creators/{username}
 * answers them), without counting a visit: the server-rendered page (server/http/ssr/) reads it
 * for whoever asks, and the visit is counted once by the page's script or the app, for the
 * visitor they know. Null where such a visitor gets "not found".
 */
export async function publicCreatorProfile(
  deps: ProfilesDeps,
  username: string,
): Promise<CreatorProfileResponse | null> {
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) return null;
  const row = await loadSubject(deps.db, { username });
  if (!row || !mayViewProfile(null, row.user)) return null;
  return viewOf(deps, null, row.user, row.profile);
}

/**
 * GET /api/v1/creators/{username}: anyone's creator profile (public fields only), counting the
 * visit once per viewer and day. A suspended or deleted person answers 404 except to staff.
 */
export async function visitCreatorProfile(
  deps: ProfilesDeps,
  viewer: Viewer | null,
  username: string,
  address: string,
  meta: EventMeta,
): Promise<CreatorProfileResponse> {
  // Text that cannot be a username cannot be anyone: answered like an unknown name.
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) {
    throw fail('creator_not_found');
  }
  const row = await loadSubject(deps.db, { username });
  if (!row || !mayViewProfile(viewer, row.user)) throw fail('creator_not_found');
  let { profile } = row;
  if (countsAsProfileVisit(viewer, row.user.id)) {
    const visitors = await countProfileVisit(
      deps.db,
      row.user.id,
      visitorKey(deps.visitorHashKey, viewer, address),
      viewer,
      meta,
    );
    if (visitors !== null) {
      // A first visit made the row: read it back rather than guess its defaults.
      profile = profile
        ? { ...profile, visitorCount: visitors }
        : ((await loadSubject(deps.db, { id: row.user.id }))?.profile ?? null);
    }
  }
  return viewOf(deps, viewer, row.user, profile);
}

/** '' and white space clear a text; undefined leaves it as it is. */
const cleared = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

const isGiven = (value: string | null | undefined): value is string => Boolean(value?.trim());

/** The uploads a save names, each checked to be the caller's own and of the field's kind. */
async function resolveProfileUploads(
  db: Db,
  user: UserRow,
  body: UpdateCreatorProfileRequest,
): Promise<Map<string, OwnUpload>> {
  const choices: UploadChoice[] = [];
  const image = (field: string, url: string | null | undefined) => {
    if (isGiven(url)) choices.push({ field, kind: 'image', url: url.trim() });
  };
  // The picture shown now may be one the person did not upload (from Google): keeping it is no change.
  if (body.profileImage?.trim() !== avatarOf(user)) image('profileImage', body.profileImage);
  image('bannerImage', body.bannerImage);
  body.galleryImages?.forEach((url, index) => image(`galleryImages.${index}`, url));
  body.auraCards?.forEach((card, index) => image(`auraCards.${index}.imageUrl`, card.imageUrl));
  const promo = isGiven(body.promoVideo) ? promoVideoSource(body.promoVideo) : null;
  if (promo?.kind === 'file') choices.push({ field: 'promoVideo', kind: 'video', url: promo.url });

  const answers = await resolveOwnUploads(db, user.id, choices);
  const refused = answers.find((answer) => answer.problem);
  if (refused?.problem) throw failWithKey(400, refused.problem, { field: refused.field });
  return new Map(
    answers.flatMap((answer) => (answer.upload ? [[answer.field, answer.upload]] : [])),
  );
}

type ProfileFields = Omit<CreatorProfileRow, 'userId' | 'visitorCount' | 'updatedAt'>;

const EMPTY_PROFILE: ProfileFields = {
  auraStatus: null,
  bannerImageKey: null,
  profileSize: PROFILE_SIZE_DEFAULT,
  links: {},
  promoVideoKey: null,
  promoVideoId: null,
  galleryKeys: [],
  auraCards: [],
  creatorWorldDescription: null,
};

const profileFieldsOf = (row: CreatorProfileRow): ProfileFields => ({
  auraStatus: row.auraStatus,
  bannerImageKey: row.bannerImageKey,
  profileSize: row.profileSize,
  links: row.links,
  promoVideoKey: row.promoVideoKey,
  promoVideoId: row.promoVideoId,
  galleryKeys: row.galleryKeys,
  auraCards: row.auraCards,
  creatorWorldDescription: row.creatorWorldDescription,
});

/** The stored fields after a save: what was sent replaces, what was left out stays. */
function nextProfile(
  current: ProfileFields,
  body: UpdateCreatorProfileRequest,
  uploads: Map<string, OwnUpload>,
): ProfileFields {
  const keyOf = (field: string) => uploads.get(field)?.key ?? null;
  const next = { ...current };
  if (body.auraStatus !== undefined) next.auraStatus = cleared(body.auraStatus) ?? null;
  if (body.bannerImage !== undefined) next.bannerImageKey = keyOf('bannerImage');
  if (body.profileSize !== undefined) next.profileSize = body.profileSize;
  if (body.links !== undefined) {
    const links: StoredLinks = { ...current.links };
    for (const network of CREATOR_LINK_NETWORKS) {
      if (network === 'website') continue;
      const value = cleared(body.links[network]);
      if (value === undefined) continue;
      if (value === null) delete links[network];
      else links[network] = value;
    }
    next.links = links;
  }
  if (body.promoVideo !== undefined) {
    const source = isGiven(body.promoVideo) ? promoVideoSource(body.promoVideo) : null;
    next.promoVideoKey = source?.kind === 'file' ? keyOf('promoVideo') : null;
    next.promoVideoId = source?.kind === 'embed' ? source.videoId : null;
  }
  if (body.galleryImages !== undefined) {
    next.galleryKeys = body.galleryImages.flatMap((_, index) => {
      const key = keyOf(`galleryImages.${index}`);
      return key ? [key] : [];
    });
  }
  if (body.auraCards !== undefined) {
    next.auraCards = body.auraCards.map((card, index) => ({
      id: card.id,
      title: card.title,
      description: card.description,
      imageKey: keyOf(`auraCards.${index}.imageUrl`),
      rarity: card.rarity,
    }));
  }
  if (body.creatorWorldDescription !== undefined) {
    next.creatorWorldDescription = cleared(body.creatorWorldDescription) ?? null;
  }
  return next;
}

/** The API names of the stored fields, for the `profile.updated` event. */
const FIELD_NAMES: Record<keyof ProfileFields, string> = {
  auraStatus: 'auraStatus',
  bannerImageKey: 'bannerImage',
  profileSize: 'profileSize',
  links: 'links',
  promoVideoKey: 'promoVideo',
  promoVideoId: 'promoVideo',
  galleryKeys: 'galleryImages',
  auraCards: 'auraCards',
  creatorWorldDescription: 'creatorWorldDescription',
};

function changedFields(before: ProfileFields, after: ProfileFields): string[] {
  const names = (Object.keys(FIELD_NAMES) as (keyof ProfileFields)[])
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => FIELD_NAMES[field]);
  return [...new Set(names)];
}

/**
 * PUT /api/v1/auth/profile: the SPEC §5 rules on the server. The request schema checks links,
 * lengths, the gallery limit and the cards; here every image and an uploaded promo video must
 * be the caller's own upload of the right kind (400 naming the field). Name, bio, picture and
 * website are the account's (users module); the rest is this module's own row. One transaction.
 */
export async function saveCreatorProfile(
  deps: ProfilesDeps,
  viewer: Viewer,
  body: UpdateCreatorProfileRequest,
  meta: EventMeta,
): Promise<CreatorProfileResponse> {
  authorize(viewer, 'profile.edit', { ownerId: viewer.id });
  const subject = await loadSubject(deps.db, { id: viewer.id });
  if (!subject) throw fail('creator_not_found');
  const uploads = await resolveProfileUploads(deps.db, subject.user, body);

  const profileImage = uploads.get('profileImage');
  const accountPatch: Partial<AccountDetails> = {
    displayName: cleared(body.displayName),
    bio: cleared(body.bio),
    website: cleared(body.links?.website),
    // A new picture is shown by its preview (small enough for an avatar); clearing it falls back
    // to the sign-up picture, if any.
    profileImage: profileImage
      ? mediaPath(profileImage.previewKey ?? profileImage.key)
      : body.profileImage !== undefined && !isGiven(body.profileImage)
        ? null
        : undefined,
  };

  await deps.db.transaction(async (tx) => {
    await updateAccountDetails(tx, viewer.id, accountPatch, viewer, meta);
    const [stored] = await tx
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, viewer.id))
      .for('update');
    const before = stored ? profileFieldsOf(stored) : EMPTY_PROFILE;
    const after = nextProfile(before, body, uploads);
    const fields = changedFields(before, after);
    if (fields.length === 0) return;
    await tx
      .insert(creatorProfiles)
      .values({ userId: viewer.id, ...after, updatedAt: meta.at })
      .onConflictDoUpdate({
        target: creatorProfiles.userId,
        set: { ...after, updatedAt: meta.at },
      });
    await recordEvent(
      tx,
      viewer,
      { type: 'profile.updated', subjectId: viewer.id, data: { fields } },
      meta,
      { audience: [viewer.id] },
    );
  });
  return ownCreatorProfile(deps, viewer);
}

/**
 * What a shared link to /creator/{username} previews (Open Graph): only what a signed-out
 * visitor may see of the profile, null when such a visitor would get "not found".
 */
export async function creatorLinkPreview(
  deps: ProfilesDeps,
  publicUrl: string,
  username: string,
): Promise<PagePreview | null> {
  const view = await publicCreatorProfile(deps, username);
  if (!view) return null;
  const name = view.displayName ?? view.name;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);
  return {
    title: `${name} · Aura`,
    description: view.bio ?? view.creatorWorldDescription ?? `${name} (@${view.username})`,
    url: `${publicUrl}/creator/${encodeURIComponent(view.username)}`,
    image: view.profileImage ? absolute(view.profileImage) : null,
    feed: { title: `${name} · RSS`, url: `${publicUrl}${publicFeedPath(view.username)}` },
  };
}
