import { presentAbilities, roleHolds, type Actor } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';
import type { SendRefusal } from '../../../common/schemas/messages';
import type { ProfileAbilities } from '../../../common/schemas/users';

/** A person's own visits do not count as visitors of their profile (as with items). */
export const countsAsProfileVisit = (viewer: { id: string } | null, profileId: string) =>
  viewer?.id !== profileId;

/** How the viewer stands to the person whose profile they open (null facts when signed out). */
export interface ProfileRelation {
  isFollowing: boolean;
  /** The messaging rule's answer for viewer → person; null when they may write. */
  sendRefusal: SendRefusal | null;
}

/**
 * What the viewer may do on a person's profile, answered with it as `abilities` so the page shows
 * only what the server would allow: edit (the owner only, issue 12), follow (SPEC §4, the follow
 * rule: a creator, or someone already followed, to unfollow), subscribe (the membership
 * checkout's rule: a role that offers memberships, not oneself) and message (the messaging rule).
 */
export function profileAbilities(
  viewer: Actor | null,
  subject: { id: string; role: Role; isCreator: boolean },
  relation: ProfileRelation,
): ProfileAbilities {
  const isOther = viewer !== null && viewer.id !== subject.id;
  return presentAbilities(viewer, {
    canEdit: { permission: 'profile.edit', resource: { ownerId: subject.id } },
    canFollow: {
      permission: 'user.follow',
      when: isOther && (relation.isFollowing || subject.isCreator),
    },
    canSubscribe: {
      permission: 'membership.subscribe',
      when: isOther && roleHolds(subject.role, 'membership.offer'),
    },
    canMessage: { permission: 'message.send', when: isOther && relation.sendRefusal === null },
  });
}
