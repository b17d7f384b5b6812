import { describe, expect, it } from 'vitest';
import { rolesWith } from '../../../../common/rules/permissions';
import { ROLES, type Role } from '../../../../common/rules/roles';
import { MENU_GROUPS, visibleMenuGroups } from './menu-entries';

const groupIds = (role: Role | null, isTestMode: boolean) =>
  visibleMenuGroups(role, isTestMode).map((group) => group.id);
const entriesOf = (role: Role) =>
  visibleMenuGroups(role, false).flatMap((group) => group.entries.map((entry) => entry.to));

describe('visibleMenuGroups', () => {
  it('shows every group to everyone in test mode', () => {
    for (const role of [...ROLES, null]) {
      expect(groupIds(role, true)).toEqual(['main', 'creator', 'admin', 'hub']);
    }
  });

  it('marks in test mode the entries a role may not open, and only those', () => {
    const refusedTo = (role: Role) =>
      visibleMenuGroups(role, true)
        .flatMap((group) => group.entries)
        .filter((entry) => !entry.isAllowed)
        .map((entry) => entry.to);
    expect(refusedTo('user')).toEqual([
      '/creator',
      '/creator/settings',
      '/studio?mode=prompt',
      '/studio?mode=visual',
      '/studio?mode=draft',
      '/admin',
      '/admin/users',
      '/admin/content',
      '/admin/reports',
      '/admin/sales',
      '/masteraxis',
    ]);
    expect(refusedTo('superadmin')).toEqual([]);
  });

  it('never shows a fan a staff entry outside test mode', () => {
    const staff = [
      '/admin',
      '/admin/users',
      '/admin/content',
      '/admin/reports',
      '/admin/sales',
      '/masteraxis',
    ];
    for (const role of ['user', 'hypr', 'creator'] as const) {
      expect(
        entriesOf(role).filter((to) => staff.includes(to)),
        role,
      ).toEqual([]);
    }
  });

  it('shows nothing but the login entry to signed-out visitors outside test mode', () => {
    expect(groupIds(null, false)).toEqual([]);
  });

  it('shows the groups of SPEC §6 by permission outside test mode', () => {
    expect(groupIds('user', false)).toEqual(['main']);
    expect(groupIds('hypr', false)).toEqual(['main']);
    expect(groupIds('creator', false)).toEqual(['main', 'creator']);
    expect(groupIds('moderator', false)).toEqual(['main', 'admin']);
    expect(groupIds('agency', false)).toEqual(['main', 'creator', 'hub']);
    expect(groupIds('studio', false)).toEqual(['main', 'creator', 'hub']);
    expect(groupIds('admin', false)).toEqual(['main', 'creator', 'admin', 'hub']);
    expect(groupIds('superadmin', false)).toEqual(['main', 'creator', 'admin', 'hub']);
  });

  it('shows moderators every admin entry the server lets them open, sales included (SPEC §1)', () => {
    expect(entriesOf('moderator')).toEqual([
      '/discover',
      '/dashboard',
      '/messages',
      '/upload',
      '/wallet',
      '/account',
      '/admin',
      '/admin/users',
      '/admin/content',
      '/admin/reports',
      '/admin/sales',
    ]);
  });

  it('shows an entry with a permission to exactly the roles holding it', () => {
    for (const entry of MENU_GROUPS.flatMap((group) => group.entries)) {
      const shownTo = ROLES.filter((role) => entriesOf(role).includes(entry.to));
      expect(shownTo, entry.to).toEqual(entry.permission ? rolesWith(entry.permission) : ROLES);
    }
  });

  it('lists the fifteen entries of SPEC §2, the wallet and the account settings', () => {
    expect(MENU_GROUPS.flatMap((group) => group.entries.map((entry) => entry.to))).toEqual([
      '/discover',
      '/dashboard',
      '/messages',
      '/upload',
      '/wallet',
      '/account',
      '/creator',
      '/creator/settings',
      '/studio?mode=prompt',
      '/studio?mode=visual',
      '/studio?mode=draft',
      '/admin',
      '/admin/users',
      '/admin/content',
      '/admin/reports',
      '/admin/sales',
      '/masteraxis',
    ]);
  });
});
