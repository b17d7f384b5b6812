import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { follows } from './tables';

/** In a statement of another module: `followerId` follows `creatorId` (an index lookup). */
export const followsSql = (followerId: SQLWrapper, creatorId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId}
    and ${follows.creatorId} = ${creatorId})`;
