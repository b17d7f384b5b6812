import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { BlockResponse } from '../../../common/schemas/blocks';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { accountState, mayViewProfile } from '../users/index';
import { userBlocks } from './tables';

/*
 * Blocking (issue 11). One row per (blocker, blocked); blocking twice or unblocking someone not
 * blocked changes nothing and records nothing.
 */

type Viewer = { id: string; role: Role };

/** POST (block) and DELETE (unblock) /api/v1/users/{id}/block. */
export async function setBlocked(
  db: Database,
  viewer: Viewer,
  rawId: string,
  shouldBlock: boolean,
  meta: EventMeta,
): Promise<BlockResponse> {
  authorize(viewer, 'user.block');
  if (!isUuid(rawId)) throw fail('user_not_found');
  if (rawId === viewer.id) throw fail('cannot_block_self');
  const target = await accountState(db, { id: rawId });
  // Anyone may be unblocked whatever became of their account; only a visible person is blocked.
  if (!target || (shouldBlock && !mayViewProfile(viewer, target))) throw fail('user_not_found');
  return db.transaction(async (tx) => {
    const changed = shouldBlock
      ? await tx
          .insert(userBlocks)
          .values({ blockerId: viewer.id, blockedId: target.id, createdAt: meta.at })
          .onConflictDoNothing()
          .returning({ blockedId: userBlocks.blockedId })
      : await tx
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, target.id)))
          .returning({ blockedId: userBlocks.blockedId });
    if (changed.length > 0) {
      await recordEvent(
        tx,
        viewer,
        {
          type: shouldBlock ? 'user.blocked' : 'user.unblocked',
          subjectId: viewer.id,
          data: { blockedId: target.id },
        },
        meta,
        // The blocker's other tabs update their conversation; the blocked person is not told.
        { audience: [viewer.id] },
      );
    }
    return { blocked: shouldBlock };
  });
}
