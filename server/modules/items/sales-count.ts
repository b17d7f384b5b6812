import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from './tables';

/** One more sale on the item's counter, in the transaction that recorded the sale (billing). */
export async function countSale(tx: Db, itemId: number): Promise<void> {
  await tx
    .update(items)
    .set({ salesCount: sql`${items.salesCount} + 1` })
    .where(eq(items.id, itemId));
}
