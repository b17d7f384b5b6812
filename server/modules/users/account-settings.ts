import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordEvent, type EventActor, type EventMeta } from '../../events/record';
import { failWithKey } from '../../http/errors';
import { emailMatches } from './accounts';
import { setAccountStatus } from './account-writes';
import { users, type UserRow } from './tables';

/*
 * Account settings (issue 12): the writes a person makes to their own account, each with its
 * domain event in the caller's transaction. Other modules reach them through index.ts.
 */

/** The personal fields a person fills in themselves (profileCompletion counts them). */
export interface AccountDetails {
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  birthDate: string | null;
  phoneNumber: string | null;
  location: string | null;
  gender: string | null;
  bio: string | null;
  website: string | null;
  /** The picture shown for the person everywhere (their own upload's URL). */
  profileImage: string | null;
  newsletter: boolean;
  shareEmailWithCreators: boolean;
}

type DetailField = keyof AccountDetails;

/**
 * Changes the given personal fields, only those whose value differs, and records
 * `account.updated` naming them. Null when the account is unknown; unchanged when nothing differs.
 */
export async function updateAccountDetails(
  tx: Db,
  userId: string,
  patch: Partial<AccountDetails>,
  actor: EventActor,
  meta: EventMeta,
): Promise<{ user: UserRow; changed: DetailField[] } | null> {
  const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!current) return null;
  const changes: Partial<AccountDetails> = {};
  const changed: DetailField[] = [];
  for (const field of Object.keys(patch) as DetailField[]) {
    const value = patch[field];
    if (value === undefined || value === current[field]) continue;
    Object.assign(changes, { [field]: value });
    changed.push(field);
  }
  if (changed.length === 0) return { user: current, changed };
  const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!updated) return null;
  await recordEvent(
    tx,
    actor,
    { type: 'account.updated', subjectId: userId, data: { fields: changed } },
    meta,
    { audience: [userId] },
  );
  return { user: updated, changed };
}

/**
 * Sets a new password hash and ends every session of the account at once (the token version
 * moves on); the caller hands its own session a fresh token. Failed sign-ins start over.
 */
export async function changePassword(
  tx: Db,
  userId: string,
  passwordHash: string,
  actor: EventActor,
  meta: EventMeta,
): Promise<UserRow | null> {
  const [updated] = await tx
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      failedLogins: 0,
      lastFailedLoginAt: null,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) return null;
  await recordEvent(
    tx,
    actor,
    { type: 'account.password_changed', subjectId: userId, data: { endedSessions: true } },
    meta,
    { audience: [userId] },
  );
  return updated;
}

/**
 * The one place an account's email changes. The new address must not belong to anyone else in
 * any letter case (409 `emailTaken`). Called once the new address is confirmed (issue 16).
 */
export async function changeEmail(
  tx: Db,
  userId: string,
  email: string,
  actor: EventActor,
  meta: EventMeta,
): Promise<UserRow | null> {
  const taken = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(emailMatches(email), ne(users.id, userId)))
    .limit(1);
  if (taken.length > 0) throw failWithKey(409, 'emailTaken', { field: 'email' });
  // A new address is unverified until proven (the e-mail change link proves it right after).
  const [updated] = await tx
    .update(users)
    .set({ email, emailVerifiedAt: null })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) return null;
  await recordEvent(
    tx,
    actor,
    { type: 'account.email_changed', subjectId: userId, data: {} },
    meta,
    { audience: [userId] },
  );
  return updated;
}

/**
 * The stand-in address of an account whose address its owner took back ("this was not me"):
 * unique, and under `.invalid` (RFC 2606), so no mail can ever go to it.
 */
const takenBackEmail = (userId: string) => `no-address-${userId}@taken-back.invalid`;

/** Whether an account's address can receive mail (not a stand-in of a closed or taken-back one). */
export const isDeliverableEmail = (email: string) => !/\.invalid$/i.test(email);

/**
 * "This was not me" (the confirmation mail's second link): the owner of `email` takes it back
 * from an account someone else made with it or moved to it. The account keeps its username and
 * password but loses the address (a stand-in takes its place, unverified) and every session.
 * False when the account does not have that address (any more).
 */
export async function takeBackEmail(
  tx: Db,
  userId: string,
  email: string,
  meta: EventMeta,
): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({
      email: takenBackEmail(userId),
      emailVerifiedAt: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(and(eq(users.id, userId), emailMatches(email)))
    .returning({ id: users.id });
  if (!changed) return false;
  await recordEvent(
    tx,
    null,
    { type: 'account.email_taken_back', subjectId: userId, data: { removed: true } },
    meta,
    { audience: [userId] },
  );
  return true;
}

/** The username a deleted account keeps: unique, and telling nothing about the person. */
export const deletedUsername = (userId: string) =>
  `deleted_${userId.replace(/-/g, '').slice(0, 22)}`;
const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Closes an account for good: it becomes `deleted` (every session ends, sign-in is refused,
 * its items leave every listing) and everything that identifies the person is replaced or
 * cleared. The row stays, so the ledger, sales and audit history keep pointing to it,
 * anonymised. Its old username and email are free again. False when the account is unknown.
 */
export async function deleteAccount(
  tx: Db,
  userId: string,
  actor: EventActor,
  meta: EventMeta,
): Promise<boolean> {
  const closed = await setAccountStatus(tx, userId, 'deleted', actor, 'closed by its owner', meta);
  if (!closed) return false;
  await tx
    .update(users)
    .set({
      username: deletedUsername(userId),
      email: deletedEmail(userId),
      passwordHash: null,
      googleSub: null,
      givenName: null,
      familyName: null,
      birthDate: null,
      phoneNumber: null,
      avatarUrl: null,
      newsletter: false,
      shareEmailWithCreators: false,
      bio: null,
      location: null,
      website: null,
      gender: null,
      displayName: null,
      profileImage: null,
      failedLogins: 0,
      lastFailedLoginAt: null,
    })
    .where(eq(users.id, userId));
  return true;
}
