import { isPromotion, roleHolds } from './permissions';
import type { Role } from './roles';

/**
 * Who counts as a creator (docs/permissions.md "Who is a creator"): a person whose role is
 * creator, or anyone else who has published an item (staff and agencies who publish). Follow,
 * message, the profile's buttons, the Control Hub and its dashboard all ask this one rule; its
 * SQL twin is server/modules/access/creator.read-model.ts `isCreatorSql`, and a property test holds the
 * two together. Who may *offer a membership* is a permission (`membership.offer`), not this.
 */
export const isCreator = (person: { role: Role; hasItems: boolean }): boolean =>
  person.role === 'creator' || person.hasItems;

/**
 * The narrower question messaging asks (SPEC §2 "a profile whose role is creator"): anyone signed
 * in may message a person whose *role* is creator, but not everyone who has published something,
 * so a fan who once sold an item does not get an open inbox. SQL twin: `hasCreatorRoleSql`.
 */
export const hasCreatorRole = (role: Role): boolean => role === 'creator';

/**
 * Publishing a first item makes its author a creator (docs/features.md) when their role offers no
 * membership yet (`membership.offer`) and becoming a creator only adds powers (`isPromotion`):
 * a user or a hypr turns creator so their profile offers tiers; a moderator keeps their role.
 */
export const promotesToCreatorOnPublish = (role: Role): boolean =>
  !roleHolds(role, 'membership.offer') && isPromotion(role, 'creator');
