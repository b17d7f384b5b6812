import { and, desc, eq } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { ProfileResponse, PublicProfileResponse } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { items, users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { viewableItemIds } from '../billing/index';
import { membershipTier } from '../billing/index';
import { followerCount, isFollowing } from '../follows/index';
import type { MediaUrls } from '../media/signed-urls';
import { mayViewProfile } from './policy';
import { presentProfile, presentProfileItem, presentPublicProfile } from './presenter';

/** How many content tiles a public profile lists (newest first). */
export const PROFILE_CONTENT_LIMIT = 60;

/** SPEC §7 GET /api/v1/users/profile: the signed-in user's own profile. */
export async function ownProfile(db: Db, userId: string): Promise<ProfileResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw fail('user_not_found');
  return presentProfile(user);
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
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user || !mayViewProfile(viewer, user)) throw fail('user_not_found');
  // Following and membership are about someone else: a person's own page skips those look-ups.
  const isOther = viewer !== null && viewer.id !== user.id;
  const [tier, content, followers, following, subscribedTier] = await Promise.all([
    membershipTier(db, user.id, null, now),
    db
      .select({
        id: items.id,
        title: items.title,
        creatorId: items.creatorId,
        imageKey: items.imageKey,
        imagePreviewKey: items.imagePreviewKey,
        audioKey: items.audioKey,
        videoKey: items.videoKey,
        priceCents: items.priceCents,
        tierRequired: items.tierRequired,
        status: items.status,
      })
      .from(items)
      .where(and(eq(items.creatorId, user.id), eq(items.status, 'available')))
      .orderBy(desc(items.createdAt), desc(items.id))
      .limit(PROFILE_CONTENT_LIMIT),
    followerCount(db, user.id),
    isOther ? isFollowing(db, viewer.id, user.id) : false,
    isOther ? membershipTier(db, viewer.id, user.id, now) : ('Aura' as const),
  ]);
  const unlocked = await viewableItemIds(db, viewer, content, now);
  return presentPublicProfile(
    user,
    tier,
    content.map((item) => presentProfileItem(item, unlocked.has(item.id), urls)),
    { followers, isFollowing: following, subscribedTier },
  );
}
