import { eq } from 'drizzle-orm';
import type { Role } from '../../common/rules/roles';
import { users, type UserRow } from '../db/schema/index';
import { createAccount, type NewAccount } from '../modules/users/index';
import { uniqueName, type TestApp } from './app';

export interface TestUser {
  user: UserRow;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  auth: { authorization: string };
}

type UserOverrides = Partial<typeof users.$inferInsert> & { role?: Role };

/** The fields a sign-up itself sets (server/modules/users/account-writes.ts NewAccount). */
const SIGNUP_FIELDS = [
  'email',
  'passwordHash',
  'googleSub',
  'givenName',
  'familyName',
  'avatarUrl',
  'newsletter',
  'emailVerifiedAt',
] as const satisfies readonly (keyof NewAccount)[];

/**
 * A fresh user with a real signed token, created by the same service call a sign-up makes
 * (`createAccount`: the row, its `account.created` audit and outbox rows), without the HTTP
 * round trip, the password hashing or the verification mail (the auth module's tests cover
 * those). What an account reaches later (a role, a suspension, a display name) is set in the
 * same transaction, as state the account already has: going through the role and status
 * services would relay session events every test would then wait on.
 */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const username = overrides.username ?? uniqueName('user_');
  const account: NewAccount = {
    username,
    email: `${username.toLowerCase()}@example.test`,
    // Established accounts: their address is verified (issue 16) unless a test says otherwise.
    emailVerifiedAt: new Date(),
  };
  const later: Partial<typeof users.$inferInsert> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (key === 'username') continue;
    if ((SIGNUP_FIELDS as readonly string[]).includes(key)) {
      Object.assign(account, { [key]: value });
    } else {
      Object.assign(later, { [key]: value });
    }
  }
  const meta = { at: t.container.clock.now(), requestId: uniqueName('test-factory-') };
  const user = await t.db.transaction(async (tx) => {
    const created = await createAccount(tx, account, 'auth', meta);
    if (!created) throw new Error(`user ${username} exists already`);
    if (Object.keys(later).length === 0) return created;
    const [updated] = await tx.update(users).set(later).where(eq(users.id, created.id)).returning();
    return updated ?? created;
  });
  const token = await t.tokens.issue(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
