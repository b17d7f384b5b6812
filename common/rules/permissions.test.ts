import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  can,
  isPromotion,
  isStaffRole,
  PERMISSIONS,
  presentAbilities,
  rolesWith,
  type Actor,
} from './permissions';
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

describe('presentAbilities', () => {
  const fan = { id: 'fan', role: 'user' as const };
  const admin = { id: 'boss', role: 'admin' as const };

  it('answers each ability as `can` does, on the resource named', () => {
    const own = { ownerId: 'fan' };
    const theirs = { ownerId: 'someone' };
    for (const actor of [fan, admin, null]) {
      expect(
        presentAbilities(actor, {
          canEditOwn: { permission: 'item.edit', resource: own },
          canEditTheirs: { permission: 'item.edit', resource: theirs },
          canSuspend: 'admin.users.suspend',
          canFollow: 'user.follow',
        }),
      ).toEqual({
        canEditOwn: can(actor, 'item.edit', own),
        canEditTheirs: can(actor, 'item.edit', theirs),
        canSuspend: can(actor, 'admin.users.suspend'),
        canFollow: can(actor, 'user.follow'),
      });
    }
    expect(presentAbilities(fan, { canSuspend: 'admin.users.suspend' })).toEqual({
      canSuspend: false,
    });
    expect(presentAbilities(admin, { canSuspend: 'admin.users.suspend' })).toEqual({
      canSuspend: true,
    });
  });

  it('lets the rule beyond the table only narrow the grant', () => {
    const abilities = (actor: Actor | null, when: boolean) =>
      presentAbilities(actor, {
        canFollow: { permission: 'user.follow', when },
        canWarn: { permission: 'admin.warn', when },
      });
    expect(abilities(fan, true)).toEqual({ canFollow: true, canWarn: false });
    expect(abilities(fan, false)).toEqual({ canFollow: false, canWarn: false });
    expect(abilities(admin, true)).toEqual({ canFollow: true, canWarn: true });
    expect(abilities(null, true)).toEqual({ canFollow: false, canWarn: false });
  });

  it('offers a signed-out visitor only what a new account holds, and only when asked to', () => {
    const offered = presentAbilities(null, {
      canBuy: { permission: 'item.buy', offerToGuests: true },
      canEdit: { permission: 'item.edit', resource: { ownerId: '' }, offerToGuests: true },
      canHide: { permission: 'admin.items.hide', offerToGuests: true },
      canFollow: 'user.follow',
      canSold: { permission: 'item.buy', offerToGuests: true, when: false },
    });
    expect(offered).toEqual({
      canBuy: true,
      canEdit: false,
      canHide: false,
      canFollow: false,
      canSold: false,
    });
  });
});

describe('staff accounts', () => {
  it('are the roles that may suspend others, and only staff.manage acts on them', () => {
    expect(ROLES.filter(isStaffRole).sort()).toEqual(['admin', 'superadmin']);
    expect(rolesWith('staff.manage')).toEqual(['superadmin']);
  });
});
