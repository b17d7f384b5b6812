import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import { tierRank, type Tier } from '../../../common/rules/tiers';
import type { ProfileResponse, PublicProfileResponse } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { entitlements, items, users } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { viewableItemIds } from '../billing/entitlements';
import { membershipTier } from '../billing/stats';
import { followerCount, isFollowing } from '../follows/service';
import type { MediaUrls } from '../media/signed-urls';
import { mayViewProfile } from './policy';
import { presentProfile, presentProfileItem, presentPublicProfile } from './presenter';

/** How many content tiles a public profile lists (newest first). */
export const PROFILE_CONTENT_LIMIT = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_NOT_FOUND = 'User not found';

/** SPEC §7 GET /api/v1/users/profile: the signed-in user's own profile. */
export async function ownProfile(db: Db, userId: string): Promise<ProfileResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  return presentProfile(user);
}

/** The highest membership tier a person holds now, of any creator ('Aura' when none). */
export async function highestTierHeld(db: Db, userId: string, now: Date): Promise<Tier> {
  const rows = await db
    .selectDistinct({ tier: entitlements.tier })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        isNotNull(entitlements.tier),
        gt(entitlements.periodEnd, now),
      ),
    );
  let best: Tier = 'Aura';
  for (const { tier } of rows) if (tier && tierRank(tier) > tierRank(best)) best = tier;
  return best;
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
  if (!UUID.test(id)) throw notFound(USER_NOT_FOUND);
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user || !mayViewProfile(viewer, user)) throw notFound(USER_NOT_FOUND);
  // Following and membership are about someone else: a person's own page skips those look-ups.
  const isOther = viewer !== null && viewer.id !== user.id;
  const [tier, content, followers, following, subscribedTier] = await Promise.all([
    highestTierHeld(db, user.id, now),
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
