import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { userBlocks } from './tables';

/** In a statement of another module: `blockerId` blocks `blockedId` (an index lookup). */
export const blocksSql = (blockerId: SQLWrapper, blockedId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blockerId}
    and ${userBlocks.blockedId} = ${blockedId})`;
