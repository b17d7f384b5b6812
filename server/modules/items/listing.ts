import { sql, type SQL } from 'drizzle-orm';
import { items } from './tables';

/**
 * The item half of "listed" (`isListed` in common/rules/purchase.ts) as SQL: available and not
 * hidden by a moderator. Feed, spotlight and profiles add their creator's status to it.
 * The values are written into the text, not bound: a prepared statement's generic plan then
 * knows how many rows they keep, as a plan for given values does (issue 17; a bound value is
 * guessed from the column's number of distinct values, and the feed was planned anew per page).
 */
export const listedItem = (): SQL =>
  sql`(${items.status} = 'available' and ${items.hidden} = false)`;
