import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { userMatches, type UserLookup } from './accounts';
import { users, type UserRow } from './tables';

/*
 * What other modules read of an account, so that they never select from `users` themselves
 * (eslint-boundaries.js): the facts their rules decide on, and the contact of a mail.
 */

/** What another module's rules ask of a person: may they be followed, blocked, warned, ... */
export type AccountState = Pick<UserRow, 'id' | 'username' | 'role' | 'status'>;

export async function accountState(
  db: Db,
  by: { id: string } | UserLookup,
): Promise<AccountState | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status })
    .from(users)
    .where('id' in by ? eq(users.id, by.id) : userMatches(by))
    .limit(1);
  return row ?? null;
}

/** Where a mail to the account goes, and whether it may go there. */
export type AccountContact = Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt' | 'status'>;

export async function accountContact(db: Db, id: string): Promise<AccountContact | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** In a statement of another module: the account `userId` names is active. */
export const isActiveAccountSql = (userId: AnyPgColumn | SQL): SQL =>
  sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.status} = 'active')`;
