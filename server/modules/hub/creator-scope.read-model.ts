import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminStatus } from '../../../common/rules/hub';
import { follows, itemComments, itemLikes, items, users } from '../../db/schema/index';
import { isCreatorSql, qualified } from '../access/index';
import { listedItem } from '../items/index';

/*
 * Who the Control Hub counts as a creator, and the figures of one, as SQL over the users row
 * of the outer query (docs/features.md "Control Hub"). The payout routing panel lists the same people.
 */

// Columns written with their table (access/qualified.ts says why).
const col = qualified;

const userId = col(users.id);
const itemCreator = col(items.creatorId);
// The item half of "listed" (items/listing.ts); the creator's own status is the hub's filter.
const itemIsAvailable = listedItem();

/** Items a creator lists now. */
export const listedItemCount = sql<number>`(select count(*)::int from ${items}
  where ${itemCreator} = ${userId} and ${itemIsAvailable})`;

/** A creator (access/creator.read-model.ts) whose account is not deleted. */
export const isCreatorAccount: SQL = and(
  ne(users.status, 'deleted'),
  isCreatorSql({ id: userId, role: col(users.role) }),
)!;

/** common/rules/hub.ts creatorStatus, in SQL so the status filter runs in the database. */
export const creatorStatusSql = sql<AdminStatus>`case
  when ${col(users.status)} <> 'active' then 'suspended'
  when ${listedItemCount} > 0 then 'active'
  else 'pending' end`;

/** Followers with an active account (as profiles count them). */
export const followerCountSql = sql<number>`(select count(*)::int from ${follows}
  inner join ${users} as ${sql.identifier('follower')}
    on ${col(users.id, 'follower')} = ${col(follows.followerId)}
  where ${col(follows.creatorId)} = ${userId} and ${col(users.status, 'follower')} = 'active')`;

/** Likes or comments (`table` with its item and time columns) on listed items since `from`. */
const reactionsSince = (
  table: typeof itemLikes | typeof itemComments,
  from: string,
  to: string,
) => sql`(select count(*)::int from ${table}
  inner join ${items} on ${col(items.id)} = ${col(table.itemId)}
  where ${itemCreator} = ${userId} and ${itemIsAvailable}
    and ${col(table.createdAt)} >= ${from}::timestamptz
    and ${col(table.createdAt)} <= ${to}::timestamptz)`;

/** Likes and comments on the creator's listed items between `since` and `now`. */
export const engagementEventsSql = (since: Date, now: Date) => {
  const from = since.toISOString();
  const to = now.toISOString();
  return sql<number>`(${reactionsSince(itemLikes, from, to)} + ${reactionsSince(itemComments, from, to)})`;
};

/** Listed items in the whole platform: available, by an active creator (the totalAuras KPI). */
export const listedItemsOfActiveCreators: SQL = and(listedItem(), eq(users.status, 'active'))!;

/** Case-insensitive "contains" over the given columns; % and _ in the text match themselves. */
export function containsText(text: string, columns: SQL[]): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`))!;
}

/** The texts a person is found by: username, display name, given and family name. */
export const nameColumns = (): SQL[] => [
  sql`${users.username}`,
  sql`coalesce(${users.displayName}, '')`,
  sql`concat_ws(' ', ${users.givenName}, ${users.familyName})`,
];
