import type { LoginResponse } from '../../../common/schemas/auth';
import {
  GoogleUnavailableError,
  type GoogleIdentity,
  type GoogleVerifier,
} from '../../adapters/identity/google';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import {
  createAccount,
  findUser,
  recordSignIn,
  takenUsernames,
  type UserRow,
} from '../users/index';
import { maySignIn } from './policy';
import { accountSuspended, signedIn, type AuthDeps } from './service';
import { randomUsername, usernameCandidates, usernameStem } from './usernames';

/** SPEC §8's text for every refused Google sign-in. */
export const GOOGLE_LOGIN_FAILED = 'Google login failed';
const NUMBERED_CANDIDATES = 20;
/** Another sign-up can take the chosen username or email between our check and our insert. */
const RACE_RETRIES = 3;

/** The identity of a Google ID token, only when Google vouches for its address. */
export async function verifiedGoogleIdentity(
  google: GoogleVerifier | null,
  credential: string,
): Promise<GoogleIdentity> {
  if (!google) {
    throw fail('google_not_configured');
  }
  let identity: GoogleIdentity | null;
  try {
    identity = await google.verify(credential);
  } catch (err) {
    if (err instanceof GoogleUnavailableError) {
      throw fail('google_unreachable');
    }
    throw err;
  }
  // An address Google does not vouch for could be anyone's: it neither names nor makes an account.
  if (!identity || !identity.emailVerified) throw fail('google_login_failed');
  return identity;
}

async function usable(deps: AuthDeps, user: UserRow): Promise<UserRow> {
  if (user.status === 'deleted') throw fail('google_login_failed');
  if (!maySignIn(user.status)) throw await accountSuspended(deps.db, user.id);
  return user;
}

/**
 * The account already tied to this Google account. An account that has the address but is not
 * tied to it is never linked here: whoever set its password, and whoever holds its sessions, may
 * not be the person Google vouches for (someone can register another person's address, and even
 * see it confirmed by its owner). Its owner signs in with the password and links Google in the
 * account settings (POST /api/v1/users/google).
 */
async function existingAccount(deps: AuthDeps, identity: GoogleIdentity): Promise<UserRow | null> {
  const bySub = await findUser(deps.db, { googleSub: identity.sub });
  if (bySub) return usable(deps, bySub);
  const byEmail = await findUser(deps.db, { email: identity.email });
  if (!byEmail) return null;
  // The address is tied to another Google account: do not move the account between them.
  if (byEmail.googleSub) throw fail('google_login_failed');
  await usable(deps, byEmail);
  throw fail('google_account_exists');
}

async function freeUsername(deps: AuthDeps, identity: GoogleIdentity): Promise<string> {
  const stem = usernameStem(identity.email, identity.name);
  const candidates = usernameCandidates(stem, NUMBERED_CANDIDATES);
  const takenNames = await takenUsernames(deps.db, candidates);
  return candidates.find((c) => !takenNames.has(c.toLowerCase())) ?? randomUsername(stem);
}

/** A new account for a Google identity; null when a concurrent sign-up took its name or email. */
async function createGoogleAccount(
  deps: AuthDeps,
  identity: GoogleIdentity,
  meta: EventMeta,
): Promise<UserRow | null> {
  const username = await freeUsername(deps, identity);
  return deps.db.transaction((tx) =>
    createAccount(
      tx,
      {
        username,
        email: identity.email,
        googleSub: identity.sub,
        givenName: identity.givenName,
        familyName: identity.familyName,
        avatarUrl: identity.picture,
        // Google vouched for the address (verifiedIdentity checks email_verified).
        emailVerifiedAt: meta.at,
      },
      'google',
      meta,
    ),
  );
}

/**
 * SPEC §7 POST /v1/auth/google: a verified Google ID token signs in the account tied to it, or
 * creates one with a username made from it; an account that already has its address answers
 * 409 `google_account_exists` (existingAccount says why).
 */
export async function googleSignIn(
  deps: AuthDeps,
  credential: string,
  meta: EventMeta,
): Promise<LoginResponse> {
  const identity = await verifiedGoogleIdentity(deps.google, credential);
  for (let attempt = 0; attempt < RACE_RETRIES; attempt += 1) {
    const user =
      (await existingAccount(deps, identity)) ?? (await createGoogleAccount(deps, identity, meta));
    if (user) {
      await recordSignIn(deps.db, user.id, 'google', meta);
      return signedIn(deps, user);
    }
  }
  throw fail('account_changed');
}
