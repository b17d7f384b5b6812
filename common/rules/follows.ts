import type { Role } from './roles';

/**
 * Who can be followed (SPEC §4 "Follow", SPEC §2 "a profile whose role is creator"): a creator,
 * or anyone else who publishes (staff accounts with items). Following a fan who publishes
 * nothing leads nowhere, so the server refuses it and the profile page offers no button.
 */
export const isFollowable = (person: { role: Role; hasItems: boolean }): boolean =>
  person.role === 'creator' || person.hasItems;
