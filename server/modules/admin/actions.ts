import type { Actor } from '../../../common/rules/permissions';
import type {
  AdminContentRow,
  AdminUserRow,
  ModerationReasonRequest,
} from '../../../common/schemas/admin';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { parseItemId, setItemHidden } from '../items/index';
import { accountState, setAccountStatus } from '../users/index';
import { adminContentRow } from './content-list.read-model';
import { suspensionRefusal } from './policy';
import { adminUserRow } from './users-list.read-model';

/*
 * Suspending and hiding (issue 14). Each is one transaction with its audit event, written by
 * the module that owns the row (users: setAccountStatus; items: setItemHidden).
 */

export const DEFAULT_SUSPENSION_REASON = 'Suspended by the moderators';
export const DEFAULT_REACTIVATION_REASON = 'Reactivated by the moderators';
export const DEFAULT_HIDING_REASON = 'Hidden by the moderators';
export const DEFAULT_UNHIDING_REASON = 'Shown again by the moderators';

/**
 * Suspends or reactivates a person in the caller's transaction, after the rails of
 * policy.ts: the token version ends every session at once, and the suspended person's items
 * leave the feed and checkout and their media links stop (their status is checked there).
 */
export async function changeSuspension(
  tx: Db,
  actor: Actor,
  userId: string,
  suspended: boolean,
  reason: string,
  meta: EventMeta,
): Promise<void> {
  authorize(actor, 'admin.users.suspend');
  const target = await accountState(tx, { id: userId });
  if (!target || target.status === 'deleted') throw fail('user_not_found');
  const refusal = suspensionRefusal(actor, target);
  if (refusal) throw fail(refusal);
  await setAccountStatus(tx, userId, suspended ? 'suspended' : 'active', actor, reason, meta);
}

/** POST /api/v1/admin/users/{id}/suspend and /reactivate. */
export async function setSuspension(
  db: Database,
  actor: Actor,
  rawId: string,
  suspended: boolean,
  body: ModerationReasonRequest,
  meta: EventMeta,
): Promise<AdminUserRow> {
  authorize(actor, 'admin.users.suspend');
  if (!isUuid(rawId)) throw fail('user_not_found');
  const reason =
    body?.reason || (suspended ? DEFAULT_SUSPENSION_REASON : DEFAULT_REACTIVATION_REASON);
  await db.transaction((tx) => changeSuspension(tx, actor, rawId, suspended, reason, meta));
  return adminUserRow(db, rawId);
}

/** POST /api/v1/admin/content/{id}/hide and /unhide. */
export async function setHidden(
  db: Database,
  actor: Actor,
  rawId: string,
  hidden: boolean,
  body: ModerationReasonRequest,
  meta: EventMeta,
): Promise<AdminContentRow> {
  authorize(actor, 'admin.items.hide');
  const id = parseItemId(rawId);
  if (id === null) throw fail('item_not_found');
  const reason = body?.reason || (hidden ? DEFAULT_HIDING_REASON : DEFAULT_UNHIDING_REASON);
  const result = await db.transaction((tx) => setItemHidden(tx, id, hidden, actor, reason, meta));
  if (!result) throw fail('item_not_found');
  return adminContentRow(db, id);
}
