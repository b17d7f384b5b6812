import { and, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { AdminUserRow, AdminUsersPage, AdminUsersQuery } from '../../../common/schemas/admin';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { adminAbilities, containsPattern } from './policy';
import { microsOf } from '../../db/keyset';
import { timeUuidCursor } from '../../http/cursor';
import { warningsPerUser } from './warnings';

type UserColumns = Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'registeredAt' | 'status'>;

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  registeredAt: users.registeredAt,
  status: users.status,
};

export const presentUserRow = (user: UserColumns, warnings: number): AdminUserRow => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  registered: user.registeredAt.toISOString(),
  status: user.status,
  warnings,
});

/*
 * Newest registration first over (registered_at, id), the users_registered_idx order. Timestamps
 * travel in microseconds (PostgreSQL's precision; a JS Date would round to milliseconds and
 * could skip or repeat users registered together).
 */

/** Rows after the position, newest first: a row comparison the index can seek to. */
const registeredBefore = (
  registeredAt: AnyColumn,
  id: AnyColumn,
  [micros, userId]: [string, string],
): SQL =>
  sql`(${registeredAt}, ${id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${userId}::uuid)`;

/** Spelled like the index (NULLS LAST), so PostgreSQL reads it in order instead of sorting. */
const newestRegisteredFirst = (registeredAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${registeredAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/**
 * SPEC §7 GET /api/users (issue 14): newest registrations first, by keyset over
 * (registered_at, id); searchable by username or email, filterable by role and status.
 */
export async function listUsers(
  db: Db,
  actor: Actor,
  query: AdminUsersQuery,
): Promise<AdminUsersPage> {
  authorize(actor, 'admin.users.read');
  const after = timeUuidCursor.decode(query.cursor);
  const filters: (SQL | undefined)[] = [
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.q
      ? or(
          ilike(users.username, containsPattern(query.q)),
          ilike(users.email, containsPattern(query.q)),
        )
      : undefined,
    after ? registeredBefore(users.registeredAt, users.id, after) : undefined,
  ];
  const rows = await db
    .select({ ...userColumns, micros: microsOf(users.registeredAt) })
    .from(users)
    .where(and(...filters))
    .orderBy(...newestRegisteredFirst(users.registeredAt, users.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = timeUuidCursor.page(rows, query.limit, (u) => [u.micros, u.id]);
  const counts = await warningsPerUser(
    db,
    page.map((u) => u.id),
  );
  return {
    users: page.map((u) => presentUserRow(u, counts.get(u.id) ?? 0)),
    nextCursor,
    abilities: adminAbilities(actor),
  };
}

/** One admin user row (after a suspension or a reactivation). */
export async function adminUserRow(db: Db, userId: string): Promise<AdminUserRow> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!user) throw fail('user_not_found');
  const counts = await warningsPerUser(db, [user.id]);
  return presentUserRow(user, counts.get(user.id) ?? 0);
}
