import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/index';
import { memberInvitations } from './tables';

/** Which imported addresses belong to accounts, and which this creator already invited. */
export interface AddressMatches {
  /** Lower-cased address -> the account's id (closed accounts keep no address). */
  accounts: Map<string, string>;
  /** Lower-cased addresses this creator invited before. */
  invited: Set<string>;
  /** The creator's own address, lower-cased. */
  own: string | null;
}

/** One statement: the accounts and earlier invitations among `emails` (lower-cased). */
export async function matchAddresses(
  db: Db,
  creatorId: string,
  emails: readonly string[],
): Promise<AddressMatches> {
  const list = JSON.stringify(emails.map((e) => e.toLowerCase()));
  const wanted = sql`(select jsonb_array_elements_text(${list}::jsonb))`;
  const result = await db.execute(sql`
    select 'account' as kind, lower(u.email) as email, u.id::text as id from ${users} u
      where lower(u.email) in ${wanted}
    union all
    select 'invited', lower(i.email), i.id::text from ${memberInvitations} i
      where i.creator_id = ${creatorId}::uuid and lower(i.email) in ${wanted}
    union all
    select 'own', lower(u.email), u.id::text from ${users} u where u.id = ${creatorId}::uuid`);
  const matches: AddressMatches = { accounts: new Map(), invited: new Set(), own: null };
  for (const row of rowsOf<{ kind: string; email: string; id: string }>(result)) {
    if (row.kind === 'account') matches.accounts.set(row.email, row.id);
    else if (row.kind === 'invited') matches.invited.add(row.email);
    else matches.own = row.email;
  }
  return matches;
}
