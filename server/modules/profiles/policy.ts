import type { CreatorProfileAbilities } from '../../../common/schemas/creator-profile';
import { isCreator } from '../../../common/rules/creator';
import { can, roleHolds, type Actor } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';

/** A person's own visits do not count as visitors of their profile (as with items). */
export const countsAsProfileVisit = (viewer: { id: string } | null, profileId: string) =>
  viewer?.id !== profileId;

/**
 * What the viewer may do on a creator profile, answered with it as `abilities` so the page shows
 * only what the server would allow: edit (the owner only, issue 12), follow (SPEC §4, the follow
 * rule), subscribe (the membership checkout's rule: a creator role, not oneself).
 */
export function creatorProfileAbilities(
  viewer: Actor | null,
  subject: { id: string; role: Role; hasPublished: boolean },
  relation: { isFollowing: boolean },
): CreatorProfileAbilities {
  const isOther = viewer !== null && viewer.id !== subject.id;
  return {
    edit: can(viewer, 'profile.edit', { ownerId: subject.id }),
    follow:
      isOther &&
      can(viewer, 'user.follow') &&
      (relation.isFollowing || isCreator({ role: subject.role, hasItems: subject.hasPublished })),
    subscribe:
      isOther && can(viewer, 'membership.subscribe') && roleHolds(subject.role, 'membership.offer'),
  };
}
