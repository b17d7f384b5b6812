import { eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail, failWithKey } from '../../http/errors';
import { users, type UserRow } from './tables';

/*
 * Account look-ups. Usernames and emails are unique in any letter case (the unique indexes are
 * on lower(...)), so every comparison here is on lower(...) too and can use those indexes.
 */

/** A placeholder in place of the name makes the condition of a prepared statement. */
export const usernameMatches = (username: string | Placeholder) =>
  sql`lower(${users.username}) = lower(${username})`;
export const emailMatches = (email: string | Placeholder) =>
  sql`lower(${users.email}) = lower(${email})`;

export type UserLookup = { username: string } | { email: string } | { googleSub: string };

/** The condition on `users` that names the account of `by`. */
export const userMatches = (by: UserLookup) =>
  'username' in by
    ? usernameMatches(by.username)
    : 'email' in by
      ? emailMatches(by.email)
      : eq(users.googleSub, by.googleSub);

export async function findUser(db: Db, by: UserLookup): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(userMatches(by)).limit(1);
  return row ?? null;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(usernameMatches(username))
    .limit(1);
  return rows.length > 0;
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(emailMatches(email)).limit(1);
  return rows.length > 0;
}

/** Which of `candidates` are taken, lower-cased (usernames are unique in any letter case). */
export async function takenUsernames(db: Db, candidates: readonly string[]): Promise<Set<string>> {
  const taken = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        candidates.map((c) => c.toLowerCase()),
      ),
    );
  return new Set(taken.map((r) => r.name));
}

/** 409 with the SPEC §5 key when the username or the email already belongs to someone. */
export async function assertUnclaimed(db: Db, username: string, email: string): Promise<void> {
  if (await isUsernameTaken(db, username))
    throw failWithKey(409, 'usernameTaken', { field: 'username' });
  if (await isEmailTaken(db, email)) throw failWithKey(409, 'emailTaken', { field: 'email' });
}

/**
 * Two sign-ups of one name (or two links of one Google account) can both pass their check; the
 * unique index then refuses the second, and this turns that refusal into the 409 the check
 * would have given.
 */
export function uniqueViolationAnswer(err: unknown): Error | null {
  const cause = (err as { cause?: unknown }).cause ?? err;
  const { code, constraint } = (cause ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return null;
  if (constraint === 'users_username_lower_idx') {
    return failWithKey(409, 'usernameTaken', { field: 'username' });
  }
  if (constraint === 'users_email_lower_idx')
    return failWithKey(409, 'emailTaken', { field: 'email' });
  if (constraint === 'users_google_sub_idx') return fail('google_linked_elsewhere');
  return null;
}
