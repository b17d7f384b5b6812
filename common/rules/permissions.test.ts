import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { can, isPromotion, PERMISSIONS, rolesWith } from './permissions';
import { withPermissionsTable } from './permissions-table';
import { ROLES } from './roles';

describe('the permission map', () => {
  it('is what docs/permissions.md says (npm run docs:permissions rewrites the table)', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../docs/permissions.md'),
      'utf8',
    );
    expect(withPermissionsTable(doc)).toBe(doc);
  });

  it('grants own-scope permissions only on the actor’s own resources', () => {
    const fan = { id: 'fan', role: 'user' as const };
    expect(can(fan, 'item.edit', { ownerId: 'fan' })).toBe(true);
    expect(can(fan, 'item.edit', { ownerId: 'someone' })).toBe(false);
    expect(can(null, 'item.edit', { ownerId: 'fan' })).toBe(false);
    const moderator = { id: 'mod', role: 'moderator' as const };
    expect(can(moderator, 'item.viewUnlisted', { ownerId: 'someone' })).toBe(true);
    expect(can(moderator, 'admin.users.suspend')).toBe(false);
  });

  it('gives every role the signed-in basics and keeps the hub to its four roles', () => {
    for (const role of ROLES) expect(can({ id: 'x', role }, 'item.create')).toBe(true);
    expect(rolesWith('hub.read').sort()).toEqual(['admin', 'agency', 'studio', 'superadmin']);
    expect(rolesWith('hub.roles.write').sort()).toEqual(['admin', 'superadmin']);
    expect(rolesWith('admin.warn').sort()).toEqual(['admin', 'moderator', 'superadmin']);
    // SPEC §1: moderators see reports and sales; refunds and payouts stay with the admins.
    expect(rolesWith('admin.sales.read').sort()).toEqual(['admin', 'moderator', 'superadmin']);
    expect(rolesWith('hub.payouts.write').sort()).toEqual(['admin', 'superadmin']);
    expect(rolesWith('membership.offer').sort()).toEqual([
      'admin',
      'agency',
      'creator',
      'studio',
      'superadmin',
    ]);
  });

  it('calls a role change a promotion only when nothing is lost', () => {
    expect(isPromotion('user', 'creator')).toBe(true);
    expect(isPromotion('moderator', 'admin')).toBe(true);
    expect(isPromotion('admin', 'moderator')).toBe(false);
    expect(isPromotion('agency', 'moderator')).toBe(false);
    for (const role of ROLES) expect(isPromotion(role, role)).toBe(true);
    expect(PERMISSIONS.length).toBeGreaterThan(20);
  });
});
