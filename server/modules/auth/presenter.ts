import type { AuthUser } from '../../../common/schemas/auth';
import type { UserRow } from '../users/index';
import { avatarOf } from '../../../common/rules/display-name';

/** SPEC §3 signed-in user handed out with a token: never the hash or private fields. */
export const presentAuthUser = (user: UserRow): AuthUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  avatar: avatarOf(user),
});
