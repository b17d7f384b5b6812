import { roleHolds } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';
import type { UserStatus } from '../../../common/schemas/users';

/**
 * Anyone may see an active person's public profile; a suspended or deleted one only staff who
 * moderate users (SPEC §1). The person themselves has no live token while suspended.
 */
export const mayViewProfile = (
  viewer: { role: Role } | null,
  subject: { status: UserStatus },
): boolean =>
  subject.status === 'active' || (viewer !== null && roleHolds(viewer.role, 'admin.users.read'));
