import { can } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';

type Actor = { id: string; role: Role };

/** README rule: a `user` who publishes their first item becomes a `creator`; other roles stay. */
export const promotesToCreator = (role: Role) => role === 'user';

export { isKeptForHolders, isListed } from '../../../common/rules/purchase';

/** An unlisted item is seen by its creator and by staff who moderate content. */
export const maySeeUnlisted = (viewer: Actor | null, creatorId: string) =>
  can(viewer, 'item.viewUnlisted', { ownerId: creatorId });

export const isOwner = (viewer: Actor | null, creatorId: string) => viewer?.id === creatorId;

/** The creator's own visits do not count as views of their item. */
export const countsAsVisit = (viewer: Actor | null, creatorId: string) =>
  !isOwner(viewer, creatorId);
