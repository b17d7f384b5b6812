import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../common/rules/roles';
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

/** The whole account row (the signed-in person's own settings read it). */
export async function accountById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

/** How a person is shown beside what they made or sold: name, picture and account status. */
export type PersonSummary = Pick<
  UserRow,
  'id' | 'username' | 'displayName' | 'profileImage' | 'avatarUrl' | 'status'
>;

/** The summaries of these people (each once), in no particular order; unknown ids are left out. */
export async function personSummaries(db: Db, ids: readonly string[]): Promise<PersonSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profileImage: users.profileImage,
      avatarUrl: users.avatarUrl,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** How the account signs in: its password hash and Google identity (linking a method checks them). */
export type SignInMethodState = Pick<UserRow, 'id' | 'passwordHash' | 'googleSub' | 'avatarUrl'>;

export async function signInMethodState(db: Db, id: string): Promise<SignInMethodState | null> {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      googleSub: users.googleSub,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Locks (FOR UPDATE, in id order, so two callers never deadlock) the active accounts of these
 * roles, in the caller's transaction: a rail that counts them (the last superadmin) holds while
 * it decides.
 */
export async function lockActiveAccountsWithRoles(
  tx: Db,
  roles: readonly Role[],
): Promise<{ id: string }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, 'active')))
    .orderBy(users.id)
    .for('update');
}

/** The account's role and status, locked (FOR UPDATE) in the caller's transaction. */
export async function lockAccountState(
  tx: Db,
  id: string,
): Promise<Pick<UserRow, 'id' | 'role' | 'status'> | null> {
  const [row] = await tx
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/** In a statement of another module: the account `userId` names is active. */
export const isActiveAccountSql = (userId: AnyPgColumn | SQL): SQL =>
  sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.status} = 'active')`;
