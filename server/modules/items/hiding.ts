import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordEvent, type EventActor, type EventMeta } from '../../events/record';
import { items, type ItemRow } from './tables';

/**
 * Hides or unhides an item (issue 14, moderators): a hidden item is not listed (feed, profile,
 * checkout: common/rules/purchase.ts `isListed`), while those who hold it keep it. Writes the
 * flag and `item.hidden` / `item.unhidden` in the caller's transaction; the caller checks who
 * may do this. Null for an unknown item; `changed` is false (nothing recorded) when the item
 * already was in that state.
 */
export async function setItemHidden(
  tx: Db,
  itemId: number,
  hidden: boolean,
  actor: EventActor,
  reason: string,
  meta: EventMeta,
): Promise<{ item: ItemRow; changed: boolean } | null> {
  const [current] = await tx.select().from(items).where(eq(items.id, itemId)).for('update');
  if (!current) return null;
  if (current.hidden === hidden) return { item: current, changed: false };
  const [updated] = await tx.update(items).set({ hidden }).where(eq(items.id, itemId)).returning();
  if (!updated) return null;
  await recordEvent(
    tx,
    actor,
    { type: hidden ? 'item.hidden' : 'item.unhidden', subjectId: String(itemId), data: { reason } },
    meta,
    { audience: [updated.creatorId] },
  );
  return { item: updated, changed: true };
}
