import { describe, expect, it } from 'vitest';
import { promotesToCreatorOnPublish } from './creator';
import { roleHolds } from './permissions';
import { ROLES } from './roles';

describe('promotesToCreatorOnPublish', () => {
  it('turns into creators the roles that offer no membership and lose nothing by it', () => {
    expect(ROLES.filter(promotesToCreatorOnPublish).sort()).toEqual(['hypr', 'user']);
    // Whoever it promotes offers memberships afterwards; staff keep their role.
    for (const role of ROLES.filter(promotesToCreatorOnPublish)) {
      expect(roleHolds(role, 'membership.offer')).toBe(false);
    }
    expect(promotesToCreatorOnPublish('moderator')).toBe(false);
    expect(promotesToCreatorOnPublish('creator')).toBe(false);
  });
});
