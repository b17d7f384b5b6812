import { and, eq, or } from 'drizzle-orm';
import { ConfigError } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import type { EventMeta } from '../events/record';
import { emailMatches, setAccountStatus, usernameMatches } from '../modules/users/index';
import { DEMO_ACCOUNTS } from './accounts';

/** The command that disables the seeded demo accounts of the configured database. */
export const DISABLE_DEMO_COMMAND = 'npm run demo:disable';

const DISABLED_REASON = `demo account disabled (${DISABLE_DEMO_COMMAND}): its password is published`;

/**
 * An account the demo seed made: a demo username together with its demo address. Someone who
 * merely chose a `demo_` name for their own account is not one.
 */
const isSeededDemo = or(
  ...DEMO_ACCOUNTS.map((a) => and(usernameMatches(a.username), emailMatches(a.email))),
);

/** The seeded demo accounts that can still be used, by username. */
export async function activeDemoAccounts(db: Database): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(isSeededDemo, eq(users.status, 'active')))
    .orderBy(users.username);
  return rows.map((r) => r.username);
}

/**
 * Issue 18: a production start on a data directory or database that an earlier development
 * start seeded would keep `demo_superadmin` and the others, whose passwords the README
 * publishes. Such a start is refused, naming the command that disables them.
 */
export async function refuseActiveDemoAccounts(db: Database): Promise<void> {
  const active = await activeDemoAccounts(db);
  if (active.length === 0) return;
  throw new ConfigError(
    `Refusing to start in production: the database holds active demo accounts from an earlier ` +
      `development start (${active.join(', ')}), and their passwords are published. ` +
      `Run \`${DISABLE_DEMO_COMMAND}\` with this configuration (DATA_DIR or DATABASE_URL) to ` +
      'disable them, then start again.',
  );
}

/**
 * `npm run demo:disable`: every active seeded demo account is suspended (its sessions end) and
 * loses its published password, so an admin reactivating one later does not bring the password
 * back. Their content stays as data. Returns the usernames it disabled; running it again
 * changes nothing.
 */
export async function disableDemoAccounts(db: Database, meta: EventMeta): Promise<string[]> {
  return db.transaction(async (tx) => {
    const active = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isSeededDemo, eq(users.status, 'active')))
      .orderBy(users.username)
      .for('update');
    for (const account of active) {
      // The suspension's event (its reason says why) covers the password going too.
      await tx.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
      await setAccountStatus(tx, account.id, 'suspended', null, DISABLED_REASON, meta);
    }
    return active.map((a) => a.username);
  });
}
