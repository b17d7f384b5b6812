import { and, eq, inArray, sql } from 'drizzle-orm';
import { changesAnything, roleChangeRefusal } from '../../../common/rules/hub';
import { rolesWith, type Actor } from '../../../common/rules/permissions';
import type {
  HubUserRow,
  HubUsersPage,
  HubUsersQuery,
  HubUserUpdateRequest,
  HubUserUpdateResponse,
} from '../../../common/schemas/hub';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { changeRole, setAccountStatus } from '../users/index';
import { containsText, nameColumns } from './creator-scope.read-model';
import { afterNameCursor, byUsername, pageOf } from './name-cursor';
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

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  givenName: users.givenName,
  familyName: users.familyName,
  role: users.role,
  status: users.status,
};

// Those who manage staff (superadmins), by the permission table.
const isActiveSuperadmin = and(
  inArray(users.role, rolesWith('staff.manage')),
  eq(users.status, 'active'),
);

async function countActiveSuperadmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(isActiveSuperadmin);
  return row?.n ?? 0;
}

/** GET /api/v1/hub/users: the role-tool list (deleted accounts are not listed). */
export async function listHubUsers(
  db: Db,
  actor: Actor | null,
  query: HubUsersQuery,
): Promise<HubUsersPage> {
  authorize(actor, 'hub.read');
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(
      and(
        sql`${users.status} <> 'deleted'`,
        query.role === 'all' ? undefined : eq(users.role, query.role),
        query.q ? containsText(query.q, [...nameColumns(), sql`${users.email}`]) : undefined,
        afterNameCursor(query.cursor),
      ),
    )
    .orderBy(byUsername)
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit);
  const superadmins = await countActiveSuperadmins(db);
  return { users: page.map((row) => presentHubUser(actor, row, superadmins)), nextCursor };
}

async function hubUserRow(db: Db, actor: Actor, id: string): Promise<HubUserRow> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
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
    const superadmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(isActiveSuperadmin)
      .orderBy(users.id)
      .for('update');
    const [row] = await tx
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, rawId))
      .for('update');
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
