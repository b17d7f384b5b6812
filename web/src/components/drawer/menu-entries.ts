import {
  ADMIN_AREA_ROLES,
  CONTROL_HUB_ROLES,
  CREATOR_ROLES,
  type Role,
} from '../../../../common/rules/roles';

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
    | 'masteraxis';
  to: string;
}

export interface MenuGroup {
  id: 'main' | 'creator' | 'admin' | 'hub';
  entries: readonly MenuEntry[];
}

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
      { id: 'creatorProfile', to: '/creator' },
      { id: 'creatorSettings', to: '/creator/settings' },
      { id: 'prompt', to: '/studio?mode=prompt' },
      { id: 'visual', to: '/studio?mode=visual' },
      { id: 'draft', to: '/studio?mode=draft' },
    ],
  },
  {
    id: 'admin',
    entries: [
      { id: 'admin', to: '/admin' },
      { id: 'management', to: '/admin/users' },
      { id: 'moderation', to: '/admin/content' },
      { id: 'reports', to: '/admin/reports' },
      { id: 'sales', to: '/admin/sales' },
    ],
  },
  { id: 'hub', entries: [{ id: 'masteraxis', to: '/masteraxis' }] },
];

function isGroupAllowed(group: MenuGroup['id'], role: Role): boolean {
  switch (group) {
    case 'main':
      return true;
    case 'creator':
      return CREATOR_ROLES.includes(role);
    case 'admin':
      return ADMIN_AREA_ROLES.includes(role);
    case 'hub':
      return CONTROL_HUB_ROLES.includes(role);
  }
}

/**
 * SPEC §6: signed-in users see the main entries, plus the creator, admin and Control Hub groups
 * their role allows. SPEC §4: test/mirror mode shows every role's entries. This is visibility
 * only; the server enforces roles on its own.
 */
export function visibleMenuGroups(role: Role | null, isTestMode: boolean): MenuGroup[] {
  if (isTestMode) return [...MENU_GROUPS];
  if (!role) return [];
  return MENU_GROUPS.filter((group) => isGroupAllowed(group.id, role));
}
