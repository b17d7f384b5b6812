import type { Role } from '../../../common/rules/roles';
import type { LinkGoogleRequest, SignInMethods } from '../../../common/schemas/account';
import type { GoogleVerifier } from '../../adapters/identity/google';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import {
  findUser,
  linkGoogleAccount,
  signInMethodState,
  uniqueViolationAnswer,
} from '../users/index';
import { verifiedGoogleIdentity } from './google-signin';
import { confirmPassword } from './password-check';

type Viewer = { id: string; role: Role };

async function ownAccount(db: Database, viewer: Viewer) {
  authorize(viewer, 'account.edit', { ownerId: viewer.id });
  const user = await signInMethodState(db, viewer.id);
  if (!user) throw fail('user_not_found');
  return user;
}

/** GET /api/v1/users/sign-in-methods: what the account settings show about signing in. */
export async function signInMethods(db: Database, viewer: Viewer): Promise<SignInMethods> {
  const user = await ownAccount(db, viewer);
  return { password: user.passwordHash !== null, google: user.googleSub !== null };
}

/**
 * POST /api/v1/users/google: the only way a Google account joins an existing account (Google
 * sign-in never links by e-mail). The signed-in owner proves the password and Google the
 * identity; the Google account must be tied to no other account.
 */
export async function linkOwnGoogle(
  deps: { db: Database; google: GoogleVerifier | null },
  viewer: Viewer,
  body: LinkGoogleRequest,
  meta: EventMeta,
): Promise<SignInMethods> {
  const user = await ownAccount(deps.db, viewer);
  await confirmPassword(user, body.password, 'password');
  if (user.googleSub) throw fail('google_already_linked');
  const identity = await verifiedGoogleIdentity(deps.google, body.credential);
  if (await findUser(deps.db, { googleSub: identity.sub })) throw fail('google_linked_elsewhere');
  let linked;
  try {
    linked = await deps.db.transaction((tx) =>
      linkGoogleAccount(tx, user, { sub: identity.sub, picture: identity.picture }, meta),
    );
  } catch (err) {
    throw uniqueViolationAnswer(err) ?? err;
  }
  if (!linked) throw fail('google_already_linked');
  return { password: true, google: true };
}
