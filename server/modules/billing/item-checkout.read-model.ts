import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerShape } from '../../db/prepared';
import { items, users } from '../../db/schema/index';
import { viewerEntitlementsSql } from '../access/index';

/**
 * What an item checkout decides on, in one prepared statement: the item, its creator's status,
 * the buyer's entitlement rows that may cover it and the buyer's address for the provider.
 */
export const itemCheckoutStatement = preparedPerShape((db: Database, _shape: 'card') =>
  db
    .select({
      item: items,
      creatorStatus: users.status,
      entitlementRows: viewerEntitlementsSql(
        sql.placeholder('buyer'),
        items.id,
        items.creatorId,
        sql.placeholder('now'),
      ),
      buyerEmail: sql<string | null>`(select buyer.email from users buyer
        where buyer.id = ${sql.placeholder('buyer')})`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, sql.placeholder('id')))
    .prepare('item_checkout'),
);
