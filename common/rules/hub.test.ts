import { describe, expect, it } from 'vitest';
import {
  adminStatusVariant,
  assignableRoles,
  auraStatus,
  creatorStatus,
  roleChangeRefusal,
} from './hub';
import { ROLES } from './roles';

const superadmin = { id: 'sa', role: 'superadmin' as const };
const admin = { id: 'ad', role: 'admin' as const };
const agency = { id: 'ag', role: 'agency' as const };
const user = { id: 'u1', role: 'user' as const, active: true };
const otherAdmin = { id: 'ad2', role: 'admin' as const, active: true };
const otherSuperadmin = { id: 'sa2', role: 'superadmin' as const, active: true };

describe('the role tools’ rails', () => {
  it('refuses changing oneself, whoever asks', () => {
    for (const actor of [admin, superadmin]) {
      const self = { id: actor.id, role: actor.role, active: true };
      expect(roleChangeRefusal(actor, self, { role: 'user' }, 5)?.code).toBe('self_change');
      expect(roleChangeRefusal(actor, self, { active: false }, 5)?.code).toBe('self_change');
      // Asking for what already is changes nothing and is no refusal.
      expect(roleChangeRefusal(actor, self, { role: actor.role, active: true }, 5)).toBeNull();
    }
  });

  it('keeps admin and superadmin accounts and grants for a superadmin', () => {
    expect(roleChangeRefusal(admin, user, { role: 'admin' }, 2)?.code).toBe('superadmin_only');
    expect(roleChangeRefusal(admin, user, { role: 'superadmin' }, 2)?.code).toBe('superadmin_only');
    expect(roleChangeRefusal(admin, otherAdmin, { role: 'user' }, 2)?.code).toBe('superadmin_only');
    expect(roleChangeRefusal(admin, otherAdmin, { active: false }, 2)?.code).toBe(
      'superadmin_only',
    );
    expect(roleChangeRefusal(admin, otherSuperadmin, { active: false }, 2)?.status).toBe(403);
    expect(roleChangeRefusal(admin, user, { role: 'moderator', active: false }, 2)).toBeNull();
    expect(roleChangeRefusal(superadmin, user, { role: 'admin' }, 2)).toBeNull();
    expect(roleChangeRefusal(superadmin, otherAdmin, { role: 'user' }, 2)).toBeNull();
  });

  it('keeps the last active superadmin (409), counting at the boundary', () => {
    expect(roleChangeRefusal(superadmin, otherSuperadmin, { role: 'admin' }, 1)).toEqual({
      status: 409,
      code: 'last_superadmin',
      error: 'The last active superadmin cannot be demoted or deactivated.',
    });
    expect(roleChangeRefusal(superadmin, otherSuperadmin, { active: false }, 1)?.status).toBe(409);
    expect(roleChangeRefusal(superadmin, otherSuperadmin, { role: 'admin' }, 2)).toBeNull();
    // An inactive superadmin is not the last active one; reactivating is always fine.
    const dormant = { ...otherSuperadmin, active: false };
    expect(roleChangeRefusal(superadmin, dormant, { role: 'user' }, 1)).toBeNull();
    expect(roleChangeRefusal(superadmin, dormant, { active: true }, 1)).toBeNull();
  });

  it('offers each row only the roles that would pass', () => {
    expect(assignableRoles(admin, user, ROLES, 2)).toEqual([
      'user',
      'creator',
      'agency',
      'studio',
      'hypr',
      'moderator',
    ]);
    expect(assignableRoles(superadmin, user, ROLES, 2)).toEqual([...ROLES]);
    expect(assignableRoles(admin, otherAdmin, ROLES, 2)).toEqual(['admin']);
    expect(assignableRoles(agency, user, ROLES, 2)).toEqual(['user']);
    expect(assignableRoles(superadmin, otherSuperadmin, ROLES, 1)).toEqual(['superadmin']);
  });
});

describe('statuses of the hub', () => {
  it('maps creators and auras as docs/features.md says', () => {
    expect(creatorStatus('active', 2)).toBe('active');
    expect(creatorStatus('active', 0)).toBe('pending');
    expect(creatorStatus('suspended', 3)).toBe('suspended');
    const listed = { status: 'available', hidden: false };
    expect(auraStatus(listed, 'active')).toBe('active');
    expect(auraStatus({ status: 'unavailable', hidden: false }, 'active')).toBe('pending');
    expect(auraStatus(listed, 'suspended')).toBe('suspended');
    expect(auraStatus({ status: 'available', hidden: true }, 'active')).toBe('suspended');
  });

  it('colours them as SPEC §4 says', () => {
    expect(['active', 'pending', 'suspended', 'deleted'].map(adminStatusVariant)).toEqual([
      'success',
      'warning',
      'danger',
      'secondary',
    ]);
  });
});
