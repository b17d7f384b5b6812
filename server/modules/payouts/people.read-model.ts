import { and, eq } from 'drizzle-orm';
import type { HubPayoutsQuery } from '../../../common/schemas/payouts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import {
  afterNameCursor,
  byUsername,
  containsText,
  isCreatorAccount,
  nameColumns,
} from '../hub/index';
import type { PayoutPerson } from './presenter';
import { payoutSettings } from './tables';

/*
 * Read model of the people payouts are for: their names (users), and for the payout routing
 * table every creator with their settings, in one statement.
 */

const personColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  givenName: users.givenName,
  familyName: users.familyName,
};

/** One page (and one row more) of the payout routing table: every creator, by username. */
export async function hubPayoutRows(db: Db, query: HubPayoutsQuery) {
  return db
    .select({ ...personColumns, settings: payoutSettings })
    .from(users)
    .leftJoin(payoutSettings, eq(payoutSettings.creatorId, users.id))
    .where(
      and(
        isCreatorAccount,
        query.q ? containsText(query.q, nameColumns()) : undefined,
        afterNameCursor(query.cursor),
      ),
    )
    .orderBy(byUsername)
    .limit(query.limit + 1);
}

/** The creator (as the hub counts them) with this id; undefined when there is none. */
export async function creatorPerson(db: Db, id: string): Promise<PayoutPerson | undefined> {
  const [person] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), isCreatorAccount));
  return person;
}

/** The person with this id, whatever their role; undefined when there is none. */
export async function payoutPerson(db: Db, id: string): Promise<PayoutPerson | undefined> {
  const [person] = await db.select(personColumns).from(users).where(eq(users.id, id));
  return person;
}
