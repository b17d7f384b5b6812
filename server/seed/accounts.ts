import { ROLES, type Role } from '../../common/rules/roles';
import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema/index';
import type { SeedContext, SeedReport } from './index';

export interface DemoAccount {
  role: Role;
  username: string;
  email: string;
  /** Fixed and published in README.md: these accounts exist to be tried, not to be safe. */
  password: string;
  displayName: string;
  bio: string;
}

const BIOS: Record<Role, string> = {
  user: 'A fan exploring the platform: follows creators and unlocks their items.',
  creator: 'Producer of late-night loops and visual sets. Demo creator of the Aura platform.',
  admin: 'Runs the admin area: users, content moderation, reports and sales.',
  agency: 'Manages a roster of creators from the Control Hub.',
  studio: 'A studio account with access to the Control Hub.',
  superadmin: 'Can do everything an admin can, and more.',
  hypr: 'A Hypr member account.',
  moderator: 'Moderates users and content.',
};

const capitalised = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

/** One demo account per SPEC §3 role; other seeders find the creator as `demo_creator`. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = ROLES.map((role) => ({
  role,
  username: `demo_${role}`,
  email: `demo_${role}@example.com`,
  password: `Demo-${capitalised(role)}-2025!`,
  displayName: `Demo ${capitalised(role)}`,
  bio: BIOS[role],
}));

/** Seeds the demo accounts and reports their sign-in details (printed on the first start). */
export async function seedAccounts(
  ctx: Pick<SeedContext, 'db' | 'clock'>,
  report: SeedReport,
): Promise<void> {
  const now = ctx.clock.now();
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      username: account.username,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      displayName: account.displayName,
      bio: account.bio,
      registeredAt: now,
      // Demo addresses (example.com) cannot receive mail: seeded as verified (issue 16).
      emailVerifiedAt: now,
    })),
  );
  // An account of that name made before the seed keeps its owner's data.
  await ctx.db.insert(users).values(rows).onConflictDoNothing();
  report.lines.push(
    'Demo accounts (sign in with username or email; see README.md "Demo accounts"):',
  );
  for (const account of DEMO_ACCOUNTS) {
    report.lines.push(
      `  ${account.role.padEnd(10)} ${account.username.padEnd(16)} password ${account.password}`,
    );
  }
}
