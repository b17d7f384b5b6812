import type { DomainEvent } from '../../../common/events';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { emailMatches } from './accounts';
import { promotesToCreatorOnPublish } from '../../../common/rules/creator';
import { isPromotion } from '../../../common/rules/permissions';
import type { MailLocale } from '../../../common/rules/locales';
import type { Role } from '../../../common/rules/roles';
import type { UserStatus } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { recordChange, recordEvent, type EventMeta } from '../../events/record';
import { revokedTokens, users, type UserRow } from './tables';

/*
 * Every write to the accounts tables (users, revoked_tokens), each with its domain event in the
 * same transaction. Other modules change accounts only through these (server/modules/users/index.ts).
 */

export interface NewAccount {
  username: string;
  email: string;
  passwordHash?: string | null;
  googleSub?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  avatarUrl?: string | null;
  newsletter?: boolean;
  /** Set when the address is already proven (Google vouched for it). */
  emailVerifiedAt?: Date | null;
  locale?: MailLocale;
}

/** Inserts an account; null when the username, email or Google id was taken meanwhile. */
export async function createAccount(
  tx: Db,
  account: NewAccount,
  via: 'auth' | 'register' | 'google',
  meta: EventMeta,
): Promise<UserRow | null> {
  const [created] = await tx
    .insert(users)
    .values({ ...account, newsletter: account.newsletter ?? false, registeredAt: meta.at })
    .onConflictDoNothing()
    .returning();
  if (!created) return null;
  await recordEvent(
    tx,
    created,
    {
      type: 'account.created',
      subjectId: created.id,
      data: { via, newsletter: created.newsletter },
    },
    meta,
  );
  return created;
}

/**
 * Ties a Google account to an account that has none yet, its owner asking from the account
 * settings; null when it got one meanwhile.
 */
export async function linkGoogleAccount(
  tx: Db,
  user: Pick<UserRow, 'id' | 'avatarUrl'>,
  google: { sub: string; picture: string | null },
  meta: EventMeta,
): Promise<UserRow | null> {
  const [linked] = await tx
    .update(users)
    .set({ googleSub: google.sub, avatarUrl: user.avatarUrl ?? google.picture })
    .where(and(eq(users.id, user.id), isNull(users.googleSub)))
    .returning();
  if (!linked) return null;
  await recordEvent(
    tx,
    linked,
    { type: 'account.google_linked', subjectId: linked.id, data: { via: 'settings' } },
    meta,
    { audience: [linked.id] },
  );
  return linked;
}

/** Counts a failed sign-in in SQL, so concurrent failures are all counted. */
export async function recordFailedSignIn(tx: Db, userId: string, meta: EventMeta): Promise<void> {
  const [row] = await tx
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1`, lastFailedLoginAt: meta.at })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  await recordEvent(
    tx,
    null,
    {
      type: 'account.sign_in_failed',
      subjectId: userId,
      data: { failedLogins: row?.failedLogins ?? 0 },
    },
    meta,
  );
}

/** A successful sign-in: the failure count restarts, and a weaker password hash is replaced. */
export async function recordSignIn(
  db: Db,
  userId: string,
  method: 'password' | 'google',
  meta: EventMeta,
  rehashed?: string,
): Promise<void> {
  const change = db
    .update(users)
    .set({
      failedLogins: 0,
      lastFailedLoginAt: null,
      lastLoginAt: meta.at,
      // A sign-in is activity too (SPEC §3 lastOnline).
      lastActiveAt: meta.at,
      ...(rehashed ? { passwordHash: rehashed } : {}),
    })
    .where(eq(users.id, userId))
    .getSQL();
  await recordChange(
    db,
    { id: userId },
    { type: 'account.signed_in', subjectId: userId, data: { method } },
    meta,
    { change, prepared: true },
  );
}

/** Ends one token at once (logout); revocations past their token's expiry are pruned. */
export async function revokeToken(
  tx: Db,
  userId: string,
  token: { jti: string; exp: number },
  meta: EventMeta,
): Promise<void> {
  await tx
    .insert(revokedTokens)
    .values({ jti: token.jti, userId, expiresAt: new Date(token.exp * 1000) })
    .onConflictDoNothing();
  // A token past its expiry is refused anyway, so its revocation row has done its job.
  await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, meta.at));
  await recordEvent(
    tx,
    { id: userId },
    { type: 'account.signed_out', subjectId: userId, data: { jti: token.jti } },
    meta,
    { audience: [userId] },
  );
}

/**
 * docs/features.md rule: publishing a first item makes its author a `creator` when their role
 * offers no membership yet (common/rules/creator.ts `promotesToCreatorOnPublish`: user, hypr).
 * Guarded by the old role, so two first items published at once promote only once. A promotion keeps the user's
 * sessions (the guard reads the role from the database); only demotions end them.
 */
export async function promoteToCreator(
  tx: Db,
  person: { id: string; role: Role },
  itemId: number,
  meta: EventMeta,
): Promise<Role | null> {
  if (!promotesToCreatorOnPublish(person.role)) return null;
  const userId = person.id;
  // Only from the role the caller read: a role changed meanwhile is left as it is.
  const [promoted] = await tx
    .update(users)
    .set({ role: 'creator' })
    .where(and(eq(users.id, userId), eq(users.role, person.role)))
    .returning({ role: users.role });
  if (!promoted) return null;
  await recordEvent(
    tx,
    { id: userId },
    {
      type: 'user.role_changed',
      subjectId: userId,
      data: { from: person.role, to: 'creator', reason: 'first item published', itemId },
    },
    meta,
    { audience: [userId] },
  );
  return promoted.role;
}

/**
 * Changes a user's role. A promotion keeps their sessions; anything else (a demotion, a sideways
 * move) bumps the token version, which ends every session at once. Null when the user is
 * unknown; the caller checks who may do this (hub rails) before calling.
 */
export async function changeRole(
  tx: Db,
  userId: string,
  to: Role,
  actor: { id: string } | null,
  reason: string,
  meta: EventMeta,
): Promise<{ from: Role; to: Role; endedSessions: boolean } | null> {
  const [current] = await tx
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!current) return null;
  if (current.role === to) return { from: to, to, endedSessions: false };
  const endsSessions = !isPromotion(current.role, to);
  await tx
    .update(users)
    .set({
      role: to,
      ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, userId));
  await recordEvent(
    tx,
    actor,
    { type: 'user.role_changed', subjectId: userId, data: { from: current.role, to, reason } },
    meta,
    { audience: [userId] },
  );
  return { from: current.role, to, endedSessions: endsSessions };
}

/**
 * Suspends, reactivates or deletes an account. Anything but active ends every session at once
 * (token version); the event tells other instances and open sockets. Null when unknown.
 */
export async function setAccountStatus(
  tx: Db,
  userId: string,
  status: UserStatus,
  actor: { id: string } | null,
  reason: string,
  meta: EventMeta,
): Promise<{ from: UserStatus; to: UserStatus } | null> {
  const [current] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!current) return null;
  if (current.status === status) return { from: status, to: status };
  await tx
    .update(users)
    .set({
      status,
      ...(status === 'active' ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(eq(users.id, userId));
  const event: DomainEvent =
    status === 'active'
      ? { type: 'user.reactivated', subjectId: userId, data: { reason } }
      : status === 'suspended'
        ? { type: 'user.suspended', subjectId: userId, data: { reason } }
        : { type: 'account.deleted', subjectId: userId, data: {} };
  await recordEvent(tx, actor, event, meta, { audience: [userId] });
  return { from: current.status, to: status };
}

/** Ends every session of an account at once ("sign out everywhere", a password change). */
export async function endAllSessions(
  tx: Db,
  userId: string,
  actor: { id: string } | null,
  reason: string,
  meta: EventMeta,
): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await recordEvent(
    tx,
    actor,
    { type: 'account.sessions_ended', subjectId: userId, data: { reason } },
    meta,
    { audience: [userId] },
  );
}

/**
 * Marks the account's address as proven (issue 16), only while it still is `email`: a link
 * mailed to an address the account no longer has proves nothing. False when nothing changed.
 */
export async function markEmailVerified(
  tx: Db,
  userId: string,
  email: string,
  meta: EventMeta,
): Promise<boolean> {
  const [verified] = await tx
    .update(users)
    .set({ emailVerifiedAt: meta.at })
    .where(and(eq(users.id, userId), emailMatches(email), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (!verified) return false;
  await recordEvent(
    tx,
    { id: userId },
    { type: 'account.email_verified', subjectId: userId, data: {} },
    meta,
    { audience: [userId] },
  );
  return true;
}
