import { errorText } from '../../../common/errors';
import { loginIdentifierField } from '../../../common/rules/account';
import type { MailLocale } from '../../../common/rules/locales';
import { passwordFloorProblem } from '../../../common/rules/common-passwords';
import { isWeakPassword } from '../../../common/rules/password';
import type {
  LoginRequest,
  LoginResponse,
  SignupRequest,
  SignupResponse,
} from '../../../common/schemas/auth';
import type { GoogleVerifier } from '../../adapters/identity/google';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import type { TokenService, VerifiedToken } from '../../auth/tokens';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail, failWithKey, HttpError } from '../../http/errors';
import {
  assertUnclaimed,
  createAccount,
  recordFailedSignIn,
  recordSignIn,
  revokeToken,
  suspensionReason,
  uniqueViolationAnswer,
  type UserRow,
} from '../users/index';
import { queueVerificationMail } from '../mail/index';
import { acceptInvitation } from '../members/index';
import { clearIdentifierFailures, identifierHash, recordIdentifierFailure } from './login-throttle';
import { signInCandidate } from './sign-in-candidate.read-model';
import { maySignIn } from './policy';
import { presentAuthUser, type SignedInUser } from './presenter';

export interface AuthDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  /** null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleVerifier | null;
  /** The `mail-links` key: the verification link mailed at sign-up (issue 16). */
  mailKey: Buffer;
}

/** One answer for an unknown account and a wrong password: it must not tell which (issue 3). */
export const WRONG_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_SUSPENDED = 'This account is suspended';

/**
 * Issue 14: a suspended person learns why on sign-in: 403 with a stable `code` and the
 * moderators' `reason` (the audit trail's), after the password proved who is asking.
 */
export async function accountSuspended(db: Database, userId: string): Promise<HttpError> {
  const reason = await suspensionReason(db, userId);
  return reason
    ? fail('account_suspended_because', { reason }, { reason })
    : fail('account_suspended', undefined, { reason: null });
}

/** 429 while an account's failed sign-ins make it wait; says for how long. */
export class LoginThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, errorText('sign_in_throttled', { seconds: retryAfterSeconds }), {
      code: 'sign_in_throttled',
      params: { seconds: retryAfterSeconds },
      retryAfterSeconds,
    });
  }
}

/** Which form a sign-up came from: /auth (SPEC §5 "Signup in /auth") or the standalone /register. */
export type SignupForm = 'auth' | 'register';
type SignupInput = Omit<SignupRequest, 'newsletter'> & { newsletter: boolean };

/**
 * The new user is signed in at once; the address is unverified until the mailed link is used
 * (issue 16), and the mail is queued in the sign-up's own transaction.
 */

export async function signedIn(deps: AuthDeps, user: SignedInUser): Promise<LoginResponse> {
  return { token: await deps.tokens.issue(user), user: presentAuthUser(user) };
}

/**
 * SPEC §5 sign-up rules, applied by the server itself: username and email (checked by the
 * schema), strength (a weak password needs the acceptance only /register offers), newsletter
 * (required by /register), terms, then uniqueness in any letter case. The new user is signed in.
 */
export async function signup(
  deps: AuthDeps,
  body: SignupInput,
  form: SignupForm,
  meta: EventMeta,
  locale: MailLocale = 'en',
): Promise<SignupResponse> {
  const floor = await passwordFloorProblem(body.password);
  if (floor) throw failWithKey(400, floor, { field: 'password' });
  const mayAcceptWeak = form === 'register' && body.acceptWeakPassword === true;
  if (isWeakPassword(body.password) && !mayAcceptWeak) {
    throw failWithKey(400, 'passwordWeakAccept', { field: 'password' });
  }
  if (form === 'register' && body.newsletter !== true) {
    throw failWithKey(400, 'newsletterRequired', { field: 'newsletter' });
  }
  if (body.termsAndConditions !== true) {
    throw failWithKey(400, 'termsRequired', { field: 'termsAndConditions' });
  }
  await assertUnclaimed(deps.db, body.username, body.email);

  const passwordHash = await hashPassword(body.password);
  let user: UserRow | null;
  try {
    user = await deps.db.transaction(async (tx) => {
      const created = await createAccount(
        tx,
        {
          username: body.username,
          email: body.email,
          passwordHash,
          newsletter: body.newsletter,
          locale,
        },
        form,
        meta,
      );
      if (created) await queueVerificationMail(tx, deps.mailKey, created, meta);
      // An invalid invitation refuses the sign-up whole (400), so no account is left without it.
      if (created && body.inviteToken)
        await acceptInvitation(tx, body.inviteToken, created.id, meta);
      return created;
    });
  } catch (err) {
    throw uniqueViolationAnswer(err) ?? err;
  }
  // Taken between the check and the insert: answered like the check would have.
  if (!user) {
    await assertUnclaimed(deps.db, body.username, body.email);
    throw failWithKey(409, 'usernameTaken', { field: 'username' });
  }
  return { message: 'Registration successful', ...(await signedIn(deps, user)) };
}

/**
 * SPEC §7 POST /v1/auth/login by username or email (SPEC §5's @ rule decides which). Failures
 * in a row are slowed per identifier typed (policy.ts), whether or not an account has it, so an
 * unknown name answers exactly like a known one, 429 included (issue 18); an unknown account
 * costs the same hashing time as a known one.
 */
export async function login(
  /** throttleKey: keys the hashes of the identifiers the failure counts are kept under. */
  deps: AuthDeps & { throttleKey: Buffer },
  body: LoginRequest,
  meta: EventMeta,
): Promise<LoginResponse> {
  const identifier = body.email ?? body.username ?? '';
  const throttleId = identifierHash(deps.throttleKey, identifier);
  const now = meta.at;
  const by =
    loginIdentifierField(identifier) === 'email' ? { email: identifier } : { username: identifier };
  const { user, retryAt, hasFailures } = await signInCandidate(deps.db, by, throttleId);
  if (retryAt && retryAt > now) {
    throw new LoginThrottledError(Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  }
  if (!user || user.status === 'deleted') {
    await verifyPassword(null, body.password);
    await recordIdentifierFailure(deps.db, throttleId, now);
    throw fail('invalid_credentials');
  }

  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await deps.db.transaction(async (tx) => {
      await recordIdentifierFailure(tx, throttleId, now);
      await recordFailedSignIn(tx, user.id, meta);
    });
    throw fail('invalid_credentials');
  }
  if (!maySignIn(user.status)) throw await accountSuspended(deps.db, user.id);

  const rehashed =
    user.passwordHash && needsRehash(user.passwordHash)
      ? await hashPassword(body.password)
      : undefined;
  // Most sign-ins follow no failure: then there is no row to clear, and the sign-in is one
  // statement with no transaction around it.
  if (hasFailures) {
    await deps.db.transaction(async (tx) => {
      await clearIdentifierFailures(tx, throttleId);
      await recordSignIn(tx, user.id, 'password', meta, rehashed);
    });
  } else await recordSignIn(deps.db, user.id, 'password', meta, rehashed);
  return signedIn(deps, user);
}

/** Ends this token at once (issue 3). */
export async function logout(
  deps: AuthDeps,
  userId: string,
  token: VerifiedToken,
  meta: EventMeta,
): Promise<void> {
  await deps.db.transaction((tx) => revokeToken(tx, userId, token, meta));
}
