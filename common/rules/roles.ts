/** The eight roles of SPEC §3. */
export const ROLES = [
  'user',
  'creator',
  'admin',
  'agency',
  'studio',
  'superadmin',
  'hypr',
  'moderator',
] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** SPEC §6: who sees the Control Hub. */
export const CONTROL_HUB_ROLES: readonly Role[] = ['admin', 'agency', 'studio', 'superadmin'];
/** SPEC §6: admin area (moderators moderate users and content, SPEC §1). */
export const ADMIN_AREA_ROLES: readonly Role[] = ['admin', 'superadmin', 'moderator'];
/** SPEC §6: creator entries (profile, settings, studio modes). */
export const CREATOR_ROLES: readonly Role[] = [
  'creator',
  'admin',
  'superadmin',
  'agency',
  'studio',
];

/** SPEC §3 role badge colours (Bootstrap variants). */
export function roleBadgeVariant(role: string): string {
  switch (role) {
    case 'superadmin':
      return 'dark';
    case 'admin':
      return 'primary';
    case 'moderator':
      return 'info';
    case 'creator':
      return 'success';
    default:
      return 'secondary';
  }
}
