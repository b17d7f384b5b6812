import { and, eq, inArray, sql } from 'drizzle-orm';
import { rolesWith } from '../../../common/rules/permissions';
import type { HubUsersQuery } from '../../../common/schemas/hub';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { containsText, nameColumns } from './creator-scope.read-model';
import { afterNameCursor, byUsername } from './name-cursor.read-model';

/* Read model of the role tools (role-tools.ts): the accounts they list and count. */

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

/** Those who manage staff (superadmins), by the permission table. */
export const SUPERADMIN_ROLES = rolesWith('staff.manage');

const isActiveSuperadmin = and(inArray(users.role, SUPERADMIN_ROLES), eq(users.status, 'active'));

export async function countActiveSuperadmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(isActiveSuperadmin);
  return row?.n ?? 0;
}

/** One page (and one row more) of the role-tool list: accounts not deleted, by username. */
export async function hubUserRows(db: Db, query: HubUsersQuery) {
  return db
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
}

export async function hubUserById(db: Db, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}
