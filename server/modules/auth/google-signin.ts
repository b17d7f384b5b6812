import type { LoginResponse } from '../../../common/schemas/auth';
import { GoogleUnavailableError, type GoogleIdentity } from '../../adapters/identity/google';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import {
  createAccount,
  findUser,
  linkGoogleAccount,
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

async function verifiedIdentity(deps: AuthDeps, credential: string): Promise<GoogleIdentity> {
  if (!deps.google) {
    throw fail('google_not_configured');
  }
  let identity: GoogleIdentity | null;
  try {
    identity = await deps.google.verify(credential);
  } catch (err) {
    if (err instanceof GoogleUnavailableError) {
      throw fail('google_unreachable');
    }
    throw err;
  }
  // Linking by email is only safe when Google vouches that the person owns that address.
  if (!identity || !identity.emailVerified) throw fail('google_login_failed');
  return identity;
}

async function usable(deps: AuthDeps, user: UserRow): Promise<UserRow> {
  if (user.status === 'deleted') throw fail('google_login_failed');
  if (!maySignIn(user.status)) throw await accountSuspended(deps.db, user.id);
  return user;
}

/** The account already tied to this Google account, or the one with its email, now linked. */
async function existingAccount(
  deps: AuthDeps,
  identity: GoogleIdentity,
  meta: EventMeta,
): Promise<UserRow | null> {
  const bySub = await findUser(deps.db, { googleSub: identity.sub });
  if (bySub) return usable(deps, bySub);
  const byEmail = await findUser(deps.db, { email: identity.email });
  if (!byEmail) return null;
  // The address is tied to another Google account: do not move the account between them.
  if (byEmail.googleSub) throw fail('google_login_failed');
  await usable(deps, byEmail);
  // Issue 16: linking trusts the address only when the account proved it owns it too; else
  // whoever registered someone else's address with a password would get that person's Google
  // sign-in (account takeover).
  if (!byEmail.emailVerifiedAt) throw fail('google_link_unverified');
  return deps.db.transaction((tx) =>
    linkGoogleAccount(tx, byEmail, { sub: identity.sub, picture: identity.picture }, meta),
  );
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
 * SPEC §7 POST /v1/auth/google: a verified Google ID token signs in the account tied to it,
 * links the account with its email when that account verified the address too (issue 16), or
 * creates one with a username made from it.
 */
export async function googleSignIn(
  deps: AuthDeps,
  credential: string,
  meta: EventMeta,
): Promise<LoginResponse> {
  const identity = await verifiedIdentity(deps, credential);
  for (let attempt = 0; attempt < RACE_RETRIES; attempt += 1) {
    const user =
      (await existingAccount(deps, identity, meta)) ??
      (await createGoogleAccount(deps, identity, meta));
    if (user) {
      await recordSignIn(deps.db, user.id, 'google', meta);
      return signedIn(deps, user);
    }
  }
  throw fail('account_changed');
}
