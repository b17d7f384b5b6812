import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { payoutSettings, payoutTransfers } from './tables';

/*
 * Read model of payout runs: the payout settings and transfers with their creators' accounts
 * (users), each in one statement.
 */

/**
 * The creators a run pays, their settings locked (FOR UPDATE, in id order) for the run's
 * transaction: automatic payouts on, an account number, an active account with a verified e-mail.
 */
export async function lockDueCreators(tx: Db) {
  return tx
    .select({ creatorId: payoutSettings.creatorId })
    .from(payoutSettings)
    .innerJoin(users, eq(users.id, payoutSettings.creatorId))
    .where(
      and(
        eq(payoutSettings.status, 'active'),
        eq(payoutSettings.autoPayout, true),
        isNotNull(payoutSettings.accountNumberSealed),
        eq(users.status, 'active'),
        // Issue 16: money goes only to accounts that proved their e-mail address.
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .orderBy(asc(payoutSettings.creatorId))
    .for('update', { of: payoutSettings });
}

/** A run's transfers with their creators' names, by username then currency. */
export async function transfersOfRun(db: Db, runId: string) {
  return db
    .select({
      creatorId: payoutTransfers.creatorId,
      currency: payoutTransfers.currency,
      amountCents: payoutTransfers.amountCents,
      status: payoutTransfers.status,
      username: users.username,
      displayName: users.displayName,
      givenName: users.givenName,
      familyName: users.familyName,
    })
    .from(payoutTransfers)
    .innerJoin(users, eq(users.id, payoutTransfers.creatorId))
    .where(eq(payoutTransfers.runId, runId))
    .orderBy(sql`lower(${users.username})`, payoutTransfers.currency);
}
