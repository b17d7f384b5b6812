import { NEW_ACCOUNT_ROLE, ROLES, type Role } from './roles';

/*
 * The one authorization model (issue 9): each role maps to named permissions, each granted
 * either on the actor's own resources (`own`) or on anyone's (`any`). The server checks every
 * protected call with `authorize(actor, permission, resource)`; presenters turn the same table
 * into `abilities` with `presentAbilities` so the web shows only what the server would allow. The table of
 * docs/permissions.md is checked against this file by its unit test.
 */

export const PERMISSIONS = [
  // every signed-in account
  'item.create',
  'item.edit',
  'item.buy',
  'item.like',
  'item.comment',
  'item.viewUnlisted',
  'item.viewLocked',
  'item.viewStats',
  'media.upload',
  'user.follow',
  'user.block',
  'membership.subscribe',
  'membership.cancel',
  'membership.pause',
  'membership.change',
  'checkout.read',
  'wallet.use',
  'profile.edit',
  'account.edit',
  'message.send',
  'report.create',
  'studio.use',
  'payout.edit',
  // the creator roles (creator, agency, studio, admin, superadmin)
  'membership.offer',
  'sales.read',
  'sales.refund',
  'members.manage',
  // moderation (moderator, admin, superadmin)
  'admin.users.read',
  'admin.content.read',
  'admin.reports.read',
  'admin.reports.resolve',
  'admin.warn',
  'admin.items.hide',
  'admin.sales.read',
  // administration (admin, superadmin)
  'admin.users.suspend',
  'admin.audit.read',
  'admin.outbox.read',
  'admin.sales.refund',
  // Control Hub
  'hub.read',
  'hub.payouts.write',
  'hub.payouts.run',
  'hub.roles.write',
  // only a superadmin acts on staff accounts: grants or removes admin and superadmin, changes or
  // suspends such an account (issue 14 and 15 rails)
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** `own`: only on resources the actor owns; `any`: on everyone's. */
export type Scope = 'own' | 'any';
export type Grants = Partial<Record<Permission, Scope>>;

/** What every signed-in account may do with its own things (SPEC §6: upload, studio, messages). */
const SIGNED_IN: Grants = {
  'item.create': 'own',
  'item.edit': 'own',
  'item.buy': 'own',
  'item.like': 'own',
  'item.comment': 'own',
  'item.viewUnlisted': 'own',
  'item.viewLocked': 'own',
  'item.viewStats': 'own',
  'media.upload': 'own',
  'user.follow': 'own',
  'user.block': 'own',
  'membership.subscribe': 'own',
  'membership.cancel': 'own',
  'membership.pause': 'own',
  'membership.change': 'own',
  'checkout.read': 'own',
  'wallet.use': 'own',
  'profile.edit': 'own',
  'account.edit': 'own',
  'message.send': 'own',
  'report.create': 'own',
  'studio.use': 'own',
  'payout.edit': 'own',
};

/**
 * SPEC §6 "Creator": whose profile offers membership tiers (SPEC §2), who may be subscribed to,
 * and who sees the drawer's creator entries.
 */
const CREATOR: Grants = {
  'membership.offer': 'own',
  'sales.read': 'own',
  'sales.refund': 'own',
  'members.manage': 'own',
};

/** SPEC §1: moderators moderate users and content and see reports and sales (read only). */
const MODERATION: Grants = {
  'item.viewUnlisted': 'any',
  'item.viewLocked': 'any',
  'item.viewStats': 'any',
  'admin.users.read': 'any',
  'admin.content.read': 'any',
  'admin.reports.read': 'any',
  'admin.reports.resolve': 'any',
  'admin.warn': 'any',
  'admin.items.hide': 'any',
  'admin.sales.read': 'any',
};

/** Admins also suspend accounts, see money and the audit trail, and run the hub. */
const ADMINISTRATION: Grants = {
  ...MODERATION,
  ...CREATOR,
  'admin.users.suspend': 'any',
  'admin.audit.read': 'any',
  'admin.outbox.read': 'any',
  'admin.sales.refund': 'any',
  'membership.cancel': 'any',
  'checkout.read': 'any',
  'hub.read': 'any',
  'hub.payouts.write': 'any',
  'hub.payouts.run': 'any',
  'hub.roles.write': 'any',
  'payout.edit': 'any',
};

/** SPEC §1: agency and studio read the Control Hub; they change nothing there. */
const HUB_READER: Grants = { 'hub.read': 'any' };

export const ROLE_GRANTS: { readonly [R in Role]: Grants } = {
  user: SIGNED_IN,
  hypr: SIGNED_IN,
  creator: { ...SIGNED_IN, ...CREATOR },
  agency: { ...SIGNED_IN, ...CREATOR, ...HUB_READER },
  studio: { ...SIGNED_IN, ...CREATOR, ...HUB_READER },
  moderator: { ...SIGNED_IN, ...MODERATION },
  admin: { ...SIGNED_IN, ...ADMINISTRATION },
  superadmin: { ...SIGNED_IN, ...ADMINISTRATION, 'staff.manage': 'any' },
};

/** The smallest thing `authorize` needs to know about who is asking. */
export interface Actor {
  id: string;
  role: Role;
}

/** A resource with an owner; permissions granted `own` need `ownerId === actor.id`. */
export interface Owned {
  ownerId: string;
}

/** The scope a role holds a permission in, or null. */
export const grantOf = (role: Role, permission: Permission): Scope | null =>
  ROLE_GRANTS[role][permission] ?? null;

/**
 * Whether `actor` may use `permission` on `resource` (or at all, without a resource). The
 * server's `authorize` throws on false; presenters expose it as `abilities`.
 */
export function can(actor: Actor | null, permission: Permission, resource?: Owned): boolean {
  if (!actor) return false;
  const scope = grantOf(actor.role, permission);
  if (scope === 'any') return true;
  if (scope === 'own') return resource === undefined || resource.ownerId === actor.id;
  return false;
}

/** An ability's name: `can` and what the viewer may do (`canEdit`, `canBuy`, `canFollow`, ...). */
export type AbilityName = `can${Capitalize<string>}`;

/** One ability: the permission it needs and, beyond the table, what else must hold. */
export interface AbilityRule {
  permission: Permission;
  /** What an `own` grant is checked on (the item, the profile, ...). */
  resource?: Owned;
  /**
   * The rule beyond the table that the server also applies (the purchase rule, the item's state,
   * the messaging rule, not oneself); it only narrows the grant. True when left out.
   */
  when?: boolean;
  /**
   * Offered to a signed-out visitor as a new account would hold it, because the button asks them
   * to sign in first (unlocking an item); otherwise a visitor holds no ability.
   */
  offerToGuests?: boolean;
}

function holds(actor: Actor | null, rule: AbilityRule): boolean {
  if (actor) return can(actor, rule.permission, rule.resource);
  if (!rule.offerToGuests) return false;
  // A new account owns nothing yet: an `own` grant holds only where no resource is named.
  const scope = grantOf(NEW_ACCOUNT_ROLE, rule.permission);
  return scope === 'any' || (scope === 'own' && rule.resource === undefined);
}

/**
 * The viewer's abilities as presenters answer them (Outline's `presentPolicies`): each `canX`
 * is the permission table's answer for `actor` (through `can`, as `authorize` asks it) and the
 * rule beyond the table the server checks too. Every `abilities` object the server sends is made
 * here (a scan test holds presenters to it), so the web never guesses from roles.
 */
export function presentAbilities<K extends AbilityName>(
  actor: Actor | null,
  rules: { readonly [N in K]: Permission | AbilityRule },
): { [N in K]: boolean } {
  const abilities = {} as { [N in K]: boolean };
  for (const name of Object.keys(rules) as K[]) {
    const given: Permission | AbilityRule = rules[name];
    const rule = typeof given === 'string' ? { permission: given } : given;
    abilities[name] = holds(actor, rule) && rule.when !== false;
  }
  return abilities;
}

/** Whether a role holds a permission in any scope: what the web's pages, drawer and links show. */
export const roleHolds = (role: Role, permission: Permission): boolean =>
  grantOf(role, permission) !== null;

/** Roles that hold a permission in any scope: what the web's role-gated routes use. */
export const rolesWith = (permission: Permission): Role[] =>
  ROLES.filter((role) => roleHolds(role, permission));

/**
 * Staff accounts are those that may suspend others (admin, superadmin): only a role holding
 * `staff.manage` grants or takes away such a role, or suspends, changes or deactivates such an
 * account.
 */
export const isStaffRole = (role: Role): boolean => roleHolds(role, 'admin.users.suspend');

/** Roles that hold a permission over everyone's resources (staff powers). */
export const rolesWithAny = (permission: Permission): Role[] =>
  ROLES.filter((role) => grantOf(role, permission) === 'any');

/**
 * Whether moving from `from` to `to` only adds powers: every permission `from` holds, `to`
 * holds in the same or a wider scope. A role change that is not a promotion ends the user's
 * sessions (the guard's token version); a promotion keeps them.
 */
export function isPromotion(from: Role, to: Role): boolean {
  return PERMISSIONS.every((permission) => {
    const had = grantOf(from, permission);
    const has = grantOf(to, permission);
    return had === null || has === 'any' || (had === 'own' && has === 'own');
  });
}
