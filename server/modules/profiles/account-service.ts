import { eq } from 'drizzle-orm';
import { avatarOf } from '../../../common/rules/display-name';
import { passwordFloorProblem } from '../../../common/rules/common-passwords';
import { isWeakPassword } from '../../../common/rules/password';
import type { Role } from '../../../common/rules/roles';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  UpdateAccountRequest,
} from '../../../common/schemas/account';
import type { LoginResponse } from '../../../common/schemas/auth';
import type { ProfileResponse } from '../../../common/schemas/users';
import type { PaymentsProvider } from '../../adapters/payments/provider';
import { authorize } from '../../auth/authorize';
import { hashPassword } from '../../auth/passwords';
import type { TokenService } from '../../auth/tokens';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail, failWithKey } from '../../http/errors';
import { confirmPassword, presentAuthUser } from '../auth/index';
import { cancelMembershipsOfClosedAccount } from '../billing/index';
import { endResetLinks, requestEmailChange } from '../mail/index';
import { mediaPath, resolveOwnUploads } from '../media/index';
import {
  accountById,
  isEmailTaken,
  changePassword,
  deleteAccount,
  presentProfile,
  updateAccountDetails,
  type AccountDetails,
  type UserRow,
} from '../users/index';
import { creatorProfiles, profileVisits } from './tables';

/*
 * Account settings (issue 12): personal fields, password, email and closing the account of the
 * signed-in person. The accounts table is written through the users module; this module only
 * removes its own creator profile of a closed account.
 */

export interface AccountDeps {
  db: Database;
  tokens: TokenService;
  payments: PaymentsProvider;
  /** The `mail-links` key: the e-mail change confirmation link (issue 16). */
  mailKey: Buffer;
}

type Viewer = { id: string; role: Role };

async function accountOf(db: Database, viewer: Viewer): Promise<UserRow> {
  const user = await accountById(db, viewer.id);
  if (!user) throw fail('user_not_found');
  return user;
}

const cleared = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * PATCH /api/v1/users/profile: the personal fields sent (SPEC §3 profile response), so
 * profileCompletion can reach 100%. The avatar must be the caller's own image upload; the
 * picture shown now (e.g. from Google) may be sent back unchanged.
 */
export async function updateOwnAccount(
  deps: AccountDeps,
  viewer: Viewer,
  body: UpdateAccountRequest,
  meta: EventMeta,
): Promise<ProfileResponse> {
  authorize(viewer, 'account.edit', { ownerId: viewer.id });
  const user = await accountOf(deps.db, viewer);
  let profileImage: string | null | undefined;
  const avatar = body.avatar?.trim();
  if (body.avatar === undefined || avatar === avatarOf(user)) profileImage = undefined;
  else if (!avatar) profileImage = null;
  else {
    const [answer] = await resolveOwnUploads(deps.db, user.id, [
      { field: 'avatar', kind: 'image', url: avatar },
    ]);
    if (!answer?.upload)
      throw failWithKey(400, answer?.problem ?? 'notUploadedHere', { field: 'avatar' });
    profileImage = mediaPath(answer.upload.previewKey ?? answer.upload.key);
  }
  const patch: Partial<AccountDetails> = {
    givenName: cleared(body.givenName),
    familyName: cleared(body.familyName),
    displayName: cleared(body.displayName),
    birthDate: cleared(body.birthDate),
    phoneNumber: cleared(body.phoneNumber),
    location: cleared(body.location),
    gender: cleared(body.gender),
    bio: cleared(body.bio),
    website: cleared(body.website),
    profileImage,
    newsletter: body.newsletter,
    shareEmailWithCreators: body.shareEmailWithCreators,
  };
  const updated = await deps.db.transaction((tx) =>
    updateAccountDetails(tx, viewer.id, patch, viewer, meta),
  );
  if (!updated) throw fail('user_not_found');
  return presentProfile(updated.user);
}

/**
 * POST /api/v1/users/password. Every session of the account ends (the token version moves on),
 * the caller's too, and so does every open reset link, and the answer hands the caller a fresh token: a revocation list could
 * only end the tokens whose ids it was told, and the server does not keep a list of issued
 * tokens, so the version is what reaches all of them.
 */
export async function changeOwnPassword(
  deps: AccountDeps,
  viewer: Viewer,
  body: ChangePasswordRequest,
  meta: EventMeta,
): Promise<LoginResponse> {
  authorize(viewer, 'account.edit', { ownerId: viewer.id });
  const user = await accountOf(deps.db, viewer);
  await confirmPassword(user, body.currentPassword, 'currentPassword');
  const floor = await passwordFloorProblem(body.newPassword);
  if (floor) throw failWithKey(400, floor, { field: 'newPassword' });
  // SPEC §5: a weak password needs its acceptance, as on /register.
  if (isWeakPassword(body.newPassword) && body.acceptWeakPassword !== true) {
    throw failWithKey(400, 'passwordWeakAccept', { field: 'newPassword' });
  }
  const passwordHash = await hashPassword(body.newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await changePassword(tx, viewer.id, passwordHash, viewer, meta);
    await endResetLinks(tx, viewer.id, meta.at);
    return changed;
  });
  if (!updated) throw fail('user_not_found');
  return { token: await deps.tokens.issue(updated), user: presentAuthUser(updated) };
}

/**
 * POST /api/v1/users/email: the new address must be free (409 `emailTaken`); the password
 * confirms the request. It takes effect when the link mailed to the new address is used
 * (POST /api/v1/auth/verify-email); the old address gets a notice (issue 16).
 */
export async function changeOwnEmail(
  deps: AccountDeps,
  viewer: Viewer,
  body: ChangeEmailRequest,
  meta: EventMeta,
): Promise<ProfileResponse> {
  authorize(viewer, 'account.edit', { ownerId: viewer.id });
  const user = await accountOf(deps.db, viewer);
  await confirmPassword(user, body.password, 'password');
  if (body.email === user.email) throw failWithKey(400, 'sameEmail', { field: 'email' });
  if (await isEmailTaken(deps.db, body.email))
    throw failWithKey(409, 'emailTaken', { field: 'email' });
  // Issue 16: the new address confirms first (its link changes it); the old one is told.
  await deps.db.transaction((tx) => requestEmailChange(tx, deps.mailKey, user, body.email, meta));
  return presentProfile(user);
}

/**
 * DELETE /api/v1/users/profile: closes the caller's account, confirmed by the password. Its
 * memberships stop renewing first (nobody is charged for a closed account); then, in one
 * transaction, the account becomes `deleted` and anonymised (every session ends, its items
 * leave every listing, the ledger keeps its history) and its creator profile is removed.
 */
export async function deleteOwnAccount(
  deps: AccountDeps,
  viewer: Viewer,
  body: DeleteAccountRequest,
  meta: EventMeta,
): Promise<void> {
  authorize(viewer, 'account.edit', { ownerId: viewer.id });
  const user = await accountOf(deps.db, viewer);
  await confirmPassword(user, body.password, 'password');
  await cancelMembershipsOfClosedAccount(
    { db: deps.db, provider: deps.payments },
    viewer.id,
    viewer,
    meta,
  );
  await deps.db.transaction(async (tx) => {
    if (!(await deleteAccount(tx, viewer.id, viewer, meta))) throw fail('user_not_found');
    await tx.delete(creatorProfiles).where(eq(creatorProfiles.userId, viewer.id));
    await tx.delete(profileVisits).where(eq(profileVisits.profileId, viewer.id));
  });
}
