import { roleHolds, type Permission } from '../../../../common/rules/permissions';
import type { Role } from '../../../../common/rules/roles';

export interface MenuEntry {
  id:
    | 'discover'
    | 'dashboard'
    | 'messages'
    | 'upload'
    | 'wallet'
    | 'account'
    | 'creatorProfile'
    | 'creatorSettings'
    | 'prompt'
    | 'visual'
    | 'draft'
    | 'admin'
    | 'management'
    | 'moderation'
    | 'reports'
    | 'sales'
    | 'hub';
  to: string;
  /** The permission the page behind the entry needs (its route guard and the server ask the same). */
  permission?: Permission;
}

export interface MenuGroup {
  id: 'main' | 'creator' | 'admin' | 'hub';
  entries: readonly MenuEntry[];
}

/** SPEC §6 "Creator": the creator entries show to the roles whose profiles offer memberships. */
const creatorEntry = (id: MenuEntry['id'], to: string): MenuEntry => ({
  id,
  to,
  permission: 'membership.offer',
});

/** The drawer's groups and entries, in the order of SPEC §2 "Screen behaviour", plus the wallet and account settings. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    id: 'main',
    entries: [
      { id: 'discover', to: '/discover' },
      { id: 'dashboard', to: '/dashboard' },
      { id: 'messages', to: '/messages' },
      { id: 'upload', to: '/upload' },
      // Issue 10: balance, history, top-up and membership cancellation live on /wallet.
      { id: 'wallet', to: '/wallet' },
      // Not in SPEC §2's list: the account settings page of issue 12.
      { id: 'account', to: '/account' },
    ],
  },
  {
    id: 'creator',
    entries: [
      creatorEntry('creatorProfile', '/creator'),
      creatorEntry('creatorSettings', '/creator/settings'),
      creatorEntry('prompt', '/studio?mode=prompt'),
      creatorEntry('visual', '/studio?mode=visual'),
      creatorEntry('draft', '/studio?mode=draft'),
    ],
  },
  {
    id: 'admin',
    entries: [
      // The permissions the pages' route guards (app/page-routes.tsx) and the sidebar ask.
      { id: 'admin', to: '/admin', permission: 'admin.users.read' },
      { id: 'management', to: '/admin/users', permission: 'admin.users.read' },
      { id: 'moderation', to: '/admin/content', permission: 'admin.content.read' },
      { id: 'reports', to: '/admin/reports', permission: 'admin.reports.read' },
      { id: 'sales', to: '/admin/sales', permission: 'admin.sales.read' },
    ],
  },
  { id: 'hub', entries: [{ id: 'hub', to: '/masteraxis', permission: 'hub.read' }] },
];

/** An entry as the drawer shows it: whether the viewer's role may open the page behind it. */
export interface VisibleMenuEntry extends MenuEntry {
  isAllowed: boolean;
}

export interface VisibleMenuGroup {
  id: MenuGroup['id'];
  entries: readonly VisibleMenuEntry[];
}

const mayOpen = (role: Role | null, entry: MenuEntry) =>
  entry.permission === undefined || (role !== null && roleHolds(role, entry.permission));

/**
 * SPEC §6: signed-in users see the main entries, plus each entry whose permission their role
 * holds (the permission table the server checks, so no entry leads to a refusal); a group with
 * no entry left is not shown. SPEC §4: test/mirror mode shows every role's entries, each marked
 * with whether this role may open it, so the drawer can say so. This is visibility only; the
 * server enforces the permissions on its own.
 */
export function visibleMenuGroups(role: Role | null, isTestMode: boolean): VisibleMenuGroup[] {
  if (!isTestMode && !role) return [];
  return MENU_GROUPS.map((group) => ({
    id: group.id,
    entries: group.entries
      .map((entry) => ({ ...entry, isAllowed: mayOpen(role, entry) }))
      .filter((entry) => isTestMode || entry.isAllowed),
  })).filter((group) => group.entries.length > 0);
}
