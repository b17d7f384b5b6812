import type { Role } from '../../common/rules/roles';
import { users, type UserRow } from '../db/schema/index';
import { uniqueName, type TestApp } from './app';

export interface TestUser {
  user: UserRow;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  auth: { authorization: string };
}

/**
 * A fresh user with a real signed token, written straight to the database so tests of other
 * modules do not depend on the signup flow (accounts has its own tests for that).
 */
export async function createUser(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<TestUser> {
  const username = overrides.username ?? uniqueName('user_');
  const [user] = await t.db
    .insert(users)
    // Established accounts: their address is verified (issue 16) unless a test says otherwise.
    .values({
      email: `${username.toLowerCase()}@example.test`,
      emailVerifiedAt: new Date(),
      ...overrides,
      username,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  const token = await t.tokens.issue(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
