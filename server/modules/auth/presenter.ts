import type { AuthUser } from '../../../common/schemas/auth';
import type { UserRow } from '../users/index';
import { avatarOf } from '../../../common/rules/display-name';

/** The account columns a signed-in answer and its token are made of. */
export type SignedInUser = Pick<
  UserRow,
  'id' | 'username' | 'email' | 'role' | 'tokenVersion' | 'profileImage' | 'avatarUrl'
>;

/** SPEC §3 signed-in user handed out with a token: never the hash or private fields. */
export const presentAuthUser = (user: SignedInUser): AuthUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  avatar: avatarOf(user),
});
