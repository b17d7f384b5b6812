import { and, count, eq, gt, sql } from 'drizzle-orm';
import { passwordFloorProblem } from '../../../common/rules/common-passwords';
import { isWeakPassword } from '../../../common/rules/password';
import type {
  EmailStatusResponse,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  VerifyEmailResponse,
} from '../../../common/schemas/mail';
import { hashPassword } from '../../auth/passwords';
import type { Clock } from '../../context';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail, failWithKey } from '../../http/errors';
import {
  accountContact,
  changeEmail,
  changePassword,
  findUser,
  isDeliverableEmail,
  markEmailVerified,
} from '../users/index';
import { queueMail } from './queue';
import { mailTokens, type MailTokenPurpose } from './tables';
import { consumeMailToken, issueMailToken, tokensSince, voidMailTokens } from './tokens';

/*
 * Account mails (issue 16): the verification link at sign-up and on request, e-mail change
 * confirmation, and the password reset. Every token is single-use, stored only as a hash.
 */

export interface AccountMailDeps {
  db: Database;
  clock: Clock;
  /** The `mail-links` key. */
  key: Buffer;
  resendPerHour: number;
  resetPerHour: number;
}

const HOUR_MS = 3600_000;

/** One answer to every /forgot-password request, known address or not (issue 16). */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this e-mail address, a link to reset its password is on its way.';

/**
 * Issues a single-use token for `purpose` (bound to `email`) and queues its link mail, the
 * template of the same name, to the account or to `to`, in the caller's transaction. A
 * confirmation mail (`withNotMe`) also carries a "this was not me" link for the same address.
 * The key names the token, so a retried job sends it once. Resolves with the token's id.
 */
async function queueLinkMail(
  tx: Db,
  key: Buffer,
  input: {
    userId: string;
    purpose: Exclude<MailTokenPurpose, 'not-me'>;
    email: string;
    to?: string;
    withNotMe?: boolean;
  },
  meta: EventMeta,
): Promise<string> {
  const issue = (purpose: MailTokenPurpose) =>
    issueMailToken(tx, key, { userId: input.userId, purpose, email: input.email, at: meta.at });
  const tokenId = await issue(input.purpose);
  const notMeTokenId = input.withNotMe ? await issue('not-me') : undefined;
  await queueMail(
    tx,
    {
      template: input.purpose,
      userId: input.userId,
      tokenId,
      ...(notMeTokenId ? { notMeTokenId } : {}),
      ...(input.to ? { to: input.to } : {}),
    },
    `token:${tokenId}`,
    meta,
  );
  return tokenId;
}

/** Queues the verification link of an account's current address, in the caller's transaction. */
export async function queueVerificationMail(
  tx: Db,
  key: Buffer,
  user: { id: string; email: string },
  meta: EventMeta,
): Promise<void> {
  await queueLinkMail(
    tx,
    key,
    { userId: user.id, purpose: 'verify-email', email: user.email, withNotMe: true },
    meta,
  );
}

/**
 * Profile e-mail change (issue 16): the new address gets a confirmation link, the old one a
 * notice; nothing changes until the link is used (POST /api/v1/auth/verify-email).
 */
export async function requestEmailChange(
  tx: Db,
  key: Buffer,
  user: { id: string; email: string },
  newEmail: string,
  meta: EventMeta,
): Promise<void> {
  const tokenId = await queueLinkMail(
    tx,
    key,
    { userId: user.id, purpose: 'change-email', email: newEmail, to: newEmail, withNotMe: true },
    meta,
  );
  await queueMail(
    tx,
    {
      template: 'email-change-notice',
      userId: user.id,
      to: user.email,
      params: { newEmail },
    },
    `email-change-notice:${tokenId}`,
    meta,
  );
  await recordEvent(
    tx,
    { id: user.id },
    { type: 'account.email_change_requested', subjectId: user.id, data: {} },
    meta,
    { audience: [user.id] },
  );
}

/**
 * POST /api/v1/auth/verify-email: uses a verification or e-mail change token once. A change
 * takes effect here (409 `emailTaken` when someone took the address meanwhile).
 */
export async function verifyEmail(
  deps: AccountMailDeps,
  token: string,
  meta: EventMeta,
): Promise<VerifyEmailResponse> {
  return deps.db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, token, ['verify-email', 'change-email'], meta.at);
    if (!used) throw fail('mail_link_invalid');
    if (used.purpose === 'change-email') {
      const changed = await changeEmail(tx, used.userId, used.email, { id: used.userId }, meta);
      if (!changed) throw fail('mail_link_invalid');
      await endResetLinks(tx, used.userId, meta.at);
    }
    const user = await accountContact(tx, used.userId);
    if (!user || user.status === 'deleted') throw fail('mail_link_invalid');
    // A link to an address the account no longer has proves nothing.
    if (user.email.toLowerCase() !== used.email.toLowerCase()) throw fail('mail_link_invalid');
    await markEmailVerified(tx, used.userId, used.email, meta);
    return { message: 'E-mail address verified', email: user.email };
  });
}

/**
 * Ends every open password reset link of an account: a password change or an e-mail change
 * must not leave behind a link that undoes it (a reset link mailed to the old address, or one
 * an intruder asked for before the owner changed the password).
 */
export async function endResetLinks(tx: Db, userId: string, at: Date): Promise<void> {
  await voidMailTokens(tx, userId, ['reset-password'], at);
}

/** POST /api/v1/auth/resend-verification: a fresh link, a few times an hour (issue 16). */
export async function resendVerification(
  deps: AccountMailDeps,
  viewer: { id: string },
  meta: EventMeta,
): Promise<void> {
  const user = await accountContact(deps.db, viewer.id);
  if (!user) throw fail('user_not_found');
  if (user.emailVerifiedAt) throw fail('email_already_verified');
  const since = new Date(meta.at.getTime() - HOUR_MS);
  if ((await tokensSince(deps.db, user.id, 'verify-email', since)) >= deps.resendPerHour) {
    throw fail('verification_resend_limited');
  }
  await deps.db.transaction((tx) => queueVerificationMail(tx, deps.key, user, meta));
}

/** GET /api/v1/auth/email-status: the banner's data. */
export async function emailStatus(
  db: Database,
  viewer: { id: string },
  at: Date,
): Promise<EmailStatusResponse> {
  const user = await accountContact(db, viewer.id);
  if (!user) throw fail('user_not_found');
  const [pending] = await db
    .select({ email: mailTokens.email })
    .from(mailTokens)
    .where(
      and(
        eq(mailTokens.userId, viewer.id),
        eq(mailTokens.purpose, 'change-email'),
        sql`${mailTokens.usedAt} is null`,
        gt(mailTokens.expiresAt, at),
      ),
    )
    .limit(1);
  return {
    email: user.email,
    verified: user.emailVerifiedAt !== null,
    pendingEmail: pending?.email ?? null,
    hasAddress: isDeliverableEmail(user.email),
  };
}

/**
 * POST /api/v1/auth/forgot-password (issue 16): the same answer whether the address belongs to
 * an account or not; the mail goes out at most `resetPerHour` times an hour per address and per
 * account (past that, silently nothing). Deleted accounts get nothing.
 */
export async function forgotPassword(
  deps: AccountMailDeps,
  body: ForgotPasswordRequest,
  meta: EventMeta,
): Promise<{ message: string }> {
  const user = await findUser(deps.db, { email: body.email });
  const since = new Date(meta.at.getTime() - HOUR_MS);
  const [byAddress] = await deps.db
    .select({ n: count() })
    .from(mailTokens)
    .where(
      and(
        eq(mailTokens.purpose, 'reset-password'),
        sql`lower(${mailTokens.email}) = lower(${body.email})`,
        gt(mailTokens.createdAt, since),
      ),
    );
  const mayMail =
    user !== null &&
    user.status !== 'deleted' &&
    (byAddress?.n ?? 0) < deps.resetPerHour &&
    (await tokensSince(deps.db, user.id, 'reset-password', since)) < deps.resetPerHour;
  if (user && mayMail) {
    await deps.db.transaction(async (tx) => {
      await queueLinkMail(
        tx,
        deps.key,
        { userId: user.id, purpose: 'reset-password', email: user.email },
        meta,
      );
      await recordEvent(
        tx,
        null,
        { type: 'account.password_reset_requested', subjectId: user.id, data: {} },
        meta,
      );
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

/**
 * POST /api/v1/auth/reset-password (issue 16): a new password under SPEC §5's strength rule,
 * with a single-use token of at most 30 minutes. Every session ends, every other reset link
 * dies, and the address counts as verified (the link reached it).
 */
export async function resetPassword(
  deps: AccountMailDeps,
  body: ResetPasswordRequest,
  meta: EventMeta,
): Promise<{ message: string }> {
  const floor = await passwordFloorProblem(body.password);
  if (floor) throw failWithKey(400, floor, { field: 'password' });
  if (isWeakPassword(body.password))
    throw failWithKey(400, 'passwordWeakAccept', { field: 'password' });
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, body.token, ['reset-password'], meta.at);
    if (!used) throw fail('mail_link_invalid');
    const user = await accountContact(tx, used.userId);
    if (!user || user.status === 'deleted') throw fail('mail_link_invalid');
    await changePassword(tx, used.userId, passwordHash, { id: used.userId }, meta);
    await endResetLinks(tx, used.userId, meta.at);
    await markEmailVerified(tx, used.userId, used.email, meta);
    await recordEvent(
      tx,
      { id: used.userId },
      { type: 'account.password_reset', subjectId: used.userId, data: {} },
      meta,
      { audience: [used.userId] },
    );
  });
  return { message: 'Your password was changed. Please sign in.' };
}
