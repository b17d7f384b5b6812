import { createHmac } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database, Db, DatabaseHandle } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { users, type UserRow } from '../../db/schema/index';
import { preparedPerShape } from '../../db/prepared';
import { emailMatches, usernameMatches } from '../users/index';
import { loginRetryAt } from './policy';
import { loginFailures } from './tables';

/** Rows untouched this long are dropped: every wait has long run out (the longest is 15 min). */
const FORGET_AFTER_MS = 24 * 3600_000;

/** The identifier as a sign-in reads it (any letter case), hashed with the throttle key. */
export function identifierHash(key: Buffer, identifier: string): string {
  return createHmac('sha256', key).update(identifier.trim().toLowerCase()).digest('base64url');
}

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

/** Counts a failure in SQL, so concurrent failures are all counted. */
export async function recordIdentifierFailure(db: Db, hash: string, at: Date): Promise<void> {
  await db
    .insert(loginFailures)
    .values({ identifierHash: hash, failures: 1, lastFailedAt: at })
    .onConflictDoUpdate({
      target: loginFailures.identifierHash,
      set: { failures: sql`${loginFailures.failures} + 1`, lastFailedAt: at },
    });
}

export async function clearIdentifierFailures(db: Db, hash: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.identifierHash, hash));
}

export async function pruneLoginFailures(db: Database, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.lastFailedAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}

/** Hourly, once per cluster: forget identifiers whose failures are a day old. */
export function scheduleLoginFailurePrune(c: {
  database: DatabaseHandle;
  jobs: Pick<JobRunner, 'every'>;
}): void {
  c.jobs.every('login-failures-prune', 3600_000, (now) => pruneLoginFailures(c.database.db, now));
}
