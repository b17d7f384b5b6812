import type { Role } from '../../../common/rules/roles';
import type {
  PublicProfileItem,
  PublicProfileResponse,
  UserStatus,
} from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { isCreatorNow, membershipTier, viewableItemIds } from '../access/index';
import { followerCount, isFollowing } from '../follows/index';
import { listedItemsOf } from '../items/index';
import { mediaPath, type MediaUrls } from '../media/index';
import { sendRefusalFor } from '../messages/index';
import { mayViewProfile, presentProfileItem, presentPublicProfile } from '../users/index';
import { profileAbilities } from './policy';
import { publicProfileRow } from './subject.read-model';

/*
 * A person's public profile composes the account (users), their items (items, access), who
 * follows them (follows) and whether the viewer may write to them (messages), so it stands here,
 * above all of them: users imports none.
 */

/** How many content tiles a public profile lists (newest first). */
export const PROFILE_CONTENT_LIMIT = 60;

/**
 * A person's available items as content tiles for this viewer, newest first: each unlocked
 * (free, own, bought, member of its tier, staff) shows its preview, each locked one its teaser.
 */
export async function profileTiles(
  db: Db,
  urls: MediaUrls,
  viewer: { id: string; role: Role } | null,
  person: { id: string; status: UserStatus },
  now: Date,
): Promise<PublicProfileItem[]> {
  const rows = await listedItemsOf(db, person.id, PROFILE_CONTENT_LIMIT);
  const content = rows.map((item) => ({ ...item, creatorStatus: person.status }));
  const unlocked = await viewableItemIds(db, viewer, content, now);
  return content.map((item) => presentProfileItem(item, unlocked.has(item.id), urls, now));
}

/** SPEC §7 GET /api/v1/users/{id}: public fields and available items; 404 for any unknown id. */
export async function publicProfile(
  db: Db,
  urls: MediaUrls,
  viewer: { id: string; role: Role } | null,
  id: string,
  now: Date,
): Promise<PublicProfileResponse> {
  // Not a uuid cannot be anyone: answered like an unknown id, not handed to the database.
  if (!isUuid(id)) throw fail('user_not_found');
  // The social links the creator settings keep are read alongside (a read, not a write).
  const row = await publicProfileRow(db, id);
  const user = row?.user;
  if (!user || !mayViewProfile(viewer, user)) throw fail('user_not_found');
  // Following and membership are about someone else: a person's own page skips those look-ups.
  const isOther = viewer !== null && viewer.id !== user.id;
  const [tier, content, followers, following, subscribedTier, isCreator, refusal] =
    await Promise.all([
      membershipTier(db, user.id, null, now),
      profileTiles(db, urls, viewer, user, now),
      followerCount(db, user.id),
      isOther ? isFollowing(db, viewer.id, user.id) : false,
      isOther ? membershipTier(db, viewer.id, user.id, now) : ('Aura' as const),
      isOther ? isCreatorNow(db, user) : false,
      isOther ? sendRefusalFor(db, viewer, user, now) : null,
    ]);
  const links = row.links ?? {};
  return presentPublicProfile(
    user,
    tier,
    content,
    { followers, isFollowing: following, subscribedTier },
    {
      website: user.website,
      instagram: links.instagram ?? null,
      twitter: links.twitter ?? null,
      youtube: links.youtube ?? null,
    },
    row.bannerKey ? mediaPath(row.bannerKey) : null,
    profileAbilities(
      viewer,
      { id: user.id, role: user.role, isCreator },
      { isFollowing: following, sendRefusal: refusal },
    ),
  );
}
