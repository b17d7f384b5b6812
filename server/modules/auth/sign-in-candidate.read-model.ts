import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { preparedPerShape } from '../../db/prepared';
import { emailMatches, usernameMatches } from '../users/index';
import { loginRetryAt } from './policy';
import { loginFailures } from './tables';

/*
 * Read model of a password sign-in: the account an identifier names (users) and the failures on
 * record for it (login_failures), in one prepared statement.
 */

/** What a password sign-in reads of an account: its checks, its token and its answer. */
const candidateColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
  profileImage: users.profileImage,
  avatarUrl: users.avatarUrl,
};
export type SignInCandidate = Pick<UserRow, keyof typeof candidateColumns>;

/** signInCandidate's statement, prepared per kind of identifier: a sign-in binds its values. */
const candidateStatement = preparedPerShape((db: Database, field: 'email' | 'username') =>
  db
    .select({
      user: candidateColumns,
      failures: loginFailures.failures,
      lastFailedAt: loginFailures.lastFailedAt,
    })
    .from(sql`(values (1)) as one(x)`)
    .leftJoin(loginFailures, eq(loginFailures.identifierHash, sql.placeholder('hash')))
    .leftJoin(
      users,
      field === 'email'
        ? emailMatches(sql.placeholder('identifier'))
        : usernameMatches(sql.placeholder('identifier')),
    )
    .limit(1)
    .prepare(`sign_in_candidate_${field}`),
);

/**
 * The account an identifier names, and whether the identifier has failures on record, read in one
 * prepared statement (issue 17: sign-in's cost beside the hash is its round trips and building
 * them). The failures are read whether or not the account exists, so unknown identifiers are
 * throttled alike.
 */
export async function signInCandidate(
  db: Database,
  by: { email: string } | { username: string },
  hash: string,
): Promise<{ user: SignInCandidate | null; retryAt: Date | null; hasFailures: boolean }> {
  const [row] =
    'email' in by
      ? await candidateStatement(db, 'email').execute({ identifier: by.email, hash })
      : await candidateStatement(db, 'username').execute({ identifier: by.username, hash });
  const failures = row?.failures ?? null;
  return {
    user: row?.user ?? null,
    retryAt: failures === null ? null : loginRetryAt(failures, row?.lastFailedAt ?? null),
    hasFailures: failures !== null,
  };
}
