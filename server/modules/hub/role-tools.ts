import { changesAnything, roleChangeRefusal } from '../../../common/rules/hub';
import type { Actor } from '../../../common/rules/permissions';
import type {
  HubUserRow,
  HubUsersPage,
  HubUsersQuery,
  HubUserUpdateRequest,
  HubUserUpdateResponse,
} from '../../../common/schemas/hub';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import {
  changeRole,
  lockAccountState,
  lockActiveAccountsWithRoles,
  setAccountStatus,
} from '../users/index';
import { pageOf } from './name-cursor.read-model';
import {
  countActiveSuperadmins,
  hubUserById,
  hubUserRows,
  SUPERADMIN_ROLES,
} from './role-tools.read-model';
import { presentHubUser } from './presenter';

/*
 * Role tools (SPEC §2, issue 15): roles and the active state change on the server, through the
 * accounts module, with the rails of common/rules/hub.ts. "Inactive" is the suspended account
 * status, as the admin area suspends: a deactivated person cannot sign in and every session
 * ends at once.
 */

export const ROLE_CHANGE_REASON = 'Changed in the Control Hub';
export const DEACTIVATION_REASON = 'Deactivated in the Control Hub';
export const REACTIVATION_REASON = 'Reactivated in the Control Hub';

/** GET /api/v1/hub/users: the role-tool list (deleted accounts are not listed). */
export async function listHubUsers(
  db: Db,
  actor: Actor | null,
  query: HubUsersQuery,
): Promise<HubUsersPage> {
  authorize(actor, 'hub.read');
  const rows = await hubUserRows(db, query);
  const { page, nextCursor } = pageOf(rows, query.limit);
  const superadmins = await countActiveSuperadmins(db);
  return { users: page.map((row) => presentHubUser(actor, row, superadmins)), nextCursor };
}

async function hubUserRow(db: Db, actor: Actor, id: string): Promise<HubUserRow> {
  const row = await hubUserById(db, id);
  if (!row) throw fail('user_not_found');
  return presentHubUser(actor, row, await countActiveSuperadmins(db));
}

/**
 * PATCH /api/v1/hub/users/{id} { role?, active? }. In one transaction: the active superadmins
 * are locked first (always in id order, so two role-tool changes never deadlock), then the
 * target; the rails are checked on what the locked rows say, so two concurrent demotions of
 * the last two superadmins cannot both pass. A demotion or deactivation ends the person's
 * sessions at once; a promotion keeps them.
 */
export async function updateHubUser(
  db: Database,
  actor: Actor | null,
  rawId: string,
  change: HubUserUpdateRequest,
  meta: EventMeta,
): Promise<HubUserUpdateResponse> {
  authorize(actor, 'hub.roles.write');
  if (!isUuid(rawId)) throw fail('user_not_found');
  const endedSessions = await db.transaction(async (tx) => {
    const superadmins = await lockActiveAccountsWithRoles(tx, SUPERADMIN_ROLES);
    const row = await lockAccountState(tx, rawId);
    if (!row || row.status === 'deleted') throw fail('user_not_found');
    const target = { id: row.id, role: row.role, active: row.status === 'active' };
    if (!changesAnything(target, change)) return false;
    const refusal = roleChangeRefusal(actor, target, change, superadmins.length);
    if (refusal) throw fail(refusal.code);

    let ended = false;
    if (change.role !== undefined && change.role !== target.role) {
      const changed = await changeRole(tx, target.id, change.role, actor, ROLE_CHANGE_REASON, meta);
      ended = changed?.endedSessions ?? false;
    }
    if (change.active !== undefined && change.active !== target.active) {
      await setAccountStatus(
        tx,
        target.id,
        change.active ? 'active' : 'suspended',
        actor,
        change.active ? REACTIVATION_REASON : DEACTIVATION_REASON,
        meta,
      );
      ended ||= !change.active;
    }
    return ended;
  });
  return { user: await hubUserRow(db, actor, rawId), endedSessions };
}
