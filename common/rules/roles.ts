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

/** The role every new account starts with (the users table's default). */
export const NEW_ACCOUNT_ROLE: Role = 'user';

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

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
