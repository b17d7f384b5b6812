import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemComments } from './engagement-tables';
import { items, type ItemRow } from './tables';

/*
 * What other modules read of one item or comment by its id (a warning, a report, a sale, a
 * checkout names it), so that they never select from the items' tables themselves
 * (eslint-boundaries.js).
 */

/** The item's row, whatever its status (a receipt names an item sold before it was hidden). */
export async function itemById(db: Db, id: number): Promise<ItemRow | null> {
  const [row] = await db.select().from(items).where(eq(items.id, id)).limit(1);
  return row ?? null;
}

/**
 * In a statement of another module: the item exists and is not deleted (issue 10: a deleted
 * item takes no new buyers). A value (bound) item id, so a sale's statement asks it directly.
 */
export const itemNotDeletedSql = (itemId: number): SQL =>
  sql`exists (select 1 from ${items} listed
      where listed.id = ${itemId}::bigint and listed.status <> 'deleted')`;

export type ItemSummary = Pick<ItemRow, 'id' | 'title' | 'creatorId'>;

/** The creator of each of these items that is not deleted (a discount code names them). */
export async function itemCreatorsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: items.id, creatorId: items.creatorId })
    .from(items)
    .where(sql`${inArray(items.id, [...ids])} and ${items.status} <> 'deleted'`);
  return new Map(rows.map((r) => [r.id, r.creatorId]));
}

export async function itemSummary(db: Db, id: number): Promise<ItemSummary | null> {
  const [row] = await db
    .select({ id: items.id, title: items.title, creatorId: items.creatorId })
    .from(items)
    .where(eq(items.id, id))
    .limit(1);
  return row ?? null;
}

export interface CommentSummary {
  id: number;
  itemId: number;
  authorId: string;
}

export async function commentSummary(db: Db, id: number): Promise<CommentSummary | null> {
  const [row] = await db
    .select({ id: itemComments.id, itemId: itemComments.itemId, authorId: itemComments.authorId })
    .from(itemComments)
    .where(eq(itemComments.id, id))
    .limit(1);
  return row ?? null;
}
