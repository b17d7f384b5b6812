import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from './tables';

/**
 * One more sale on the item's counter, as a statement for the sale's own event (billing): the
 * counter's row lock is then taken by the sale's last statements, not held across all of them.
 */
export function countSaleSql(db: Db, itemId: number): SQL {
  return db
    .update(items)
    .set({ salesCount: sql`${items.salesCount} + 1` })
    .where(eq(items.id, itemId))
    .getSQL();
}

/** One sale fewer on the item's counter: a sale refunded in full (issue 43) counts no more. */
export function uncountSaleSql(db: Db, itemId: number): SQL {
  return db
    .update(items)
    .set({ salesCount: sql`greatest(${items.salesCount} - 1, 0)` })
    .where(eq(items.id, itemId))
    .getSQL();
}
