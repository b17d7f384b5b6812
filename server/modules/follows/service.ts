import { and, eq, sql } from 'drizzle-orm';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '../../../common/rules/account';
import type { Role } from '../../../common/rules/roles';
import type { FollowResponse } from '../../../common/schemas/follows';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { follows } from './tables';
import { fail } from '../../http/errors';
import { accountState, isActiveAccountSql, mayViewProfile } from '../users/index';
import { isCreatorNow } from '../access/index';
import { presentFollow } from './presenter';

/*
 * Follows (SPEC §4 "Follow", SPEC §7 follow/unfollow). A follow is one row per (follower,
 * creator); following twice or unfollowing someone not followed changes nothing, so a double
 * click or a retried request cannot count anyone twice.
 */

type Viewer = { id: string; role: Role };

/** Followers of a person who still have an active account (a suspended fan is not shown). */
export async function followerCount(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .where(and(eq(follows.creatorId, creatorId), isActiveAccountSql(follows.followerId)));
  return row?.count ?? 0;
}

export async function isFollowing(db: Db, followerId: string, creatorId: string): Promise<boolean> {
  const rows = await db
    .select({ creatorId: follows.creatorId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
    .limit(1);
  return rows.length > 0;
}

/** The person behind a username (any letter case), as the viewer may see them; else 404. */
async function findTarget(db: Db, viewer: Viewer, username: string) {
  // Text that cannot be a username cannot be anyone: answered like an unknown name.
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) {
    throw fail('creator_not_found');
  }
  const row = await accountState(db, { username });
  if (!row || !mayViewProfile(viewer, row)) throw fail('creator_not_found');
  return row;
}

/**
 * SPEC §7 POST /api/creator/{username}/follow (shouldFollow true) and /unfollow (false). Anyone
 * may unfollow whoever they follow; only a creator (access/creator.read-model.ts) can be newly followed.
 */
export async function setFollowing(
  db: Database,
  viewer: Viewer,
  username: string,
  shouldFollow: boolean,
  meta: EventMeta,
): Promise<FollowResponse> {
  authorize(viewer, 'user.follow');
  const target = await findTarget(db, viewer, username);
  // Nobody follows themselves: their own follower count would count them.
  if (viewer.id === target.id) throw fail('cannot_follow_self');
  if (shouldFollow) {
    if (!(await isCreatorNow(db, target))) throw fail('not_followable');
  }
  return db.transaction(async (tx) => {
    const changed = shouldFollow
      ? await tx
          .insert(follows)
          .values({ followerId: viewer.id, creatorId: target.id, createdAt: meta.at })
          .onConflictDoNothing()
          .returning({ creatorId: follows.creatorId })
      : await tx
          .delete(follows)
          .where(and(eq(follows.followerId, viewer.id), eq(follows.creatorId, target.id)))
          .returning({ creatorId: follows.creatorId });
    const followers = await followerCount(tx, target.id);
    // A repeated follow or unfollow changes nothing and records nothing.
    if (changed.length > 0) {
      await recordEvent(
        tx,
        viewer,
        {
          type: shouldFollow ? 'follow.created' : 'follow.removed',
          subjectId: target.id,
          data: { followerId: viewer.id, creatorId: target.id, followers },
        },
        meta,
        { audience: [target.id] },
      );
    }
    return presentFollow(shouldFollow, followers);
  });
}
