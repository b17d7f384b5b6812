import { ADMIN_AREA_ROLES, type Role } from '../../../common/rules/roles';
import type { ItemStatus } from '../../../common/schemas/items';
import type { UserStatus } from '../../../common/schemas/users';

type Actor = { id: string; role: Role };

/** README rule: a `user` who publishes their first item becomes a `creator`; other roles stay. */
export const promotesToCreator = (role: Role) => role === 'user';

/**
 * Listed: available, by an active creator (what the feed shows). An unlisted item (unavailable,
 * or its creator suspended or deleted) is hidden from everyone but its creator and staff.
 */
export const isListed = (item: { status: ItemStatus }, creator: { status: UserStatus }) =>
  item.status === 'available' && creator.status === 'active';

export const maySeeUnlisted = (viewer: Actor | null, creatorId: string) =>
  viewer !== null && (viewer.id === creatorId || ADMIN_AREA_ROLES.includes(viewer.role));

export const isOwner = (viewer: Actor | null, creatorId: string) => viewer?.id === creatorId;

/** The creator's own visits do not count as views of their item. */
export const countsAsVisit = (viewer: Actor | null, creatorId: string) =>
  !isOwner(viewer, creatorId);
