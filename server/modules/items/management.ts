import { and, desc, eq } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import {
  type ItemState,
  type OwnItem,
  type OwnItemList,
  type UpdateItemRequest,
  type UpdateItemResponse,
} from '../../../common/schemas/items';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { items, type ItemRow } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { buyersByItem } from '../access/index';
import type { Viewer } from './cards.read-model';
import { isDeleted } from './policy';
import { presentManagedItem } from './presenter';
import { findVisibleItem, formFields, presentOwnItem, type ItemsDeps } from './service';

/*
 * Item management by its creator (issue 10): edit, publish, unpublish and delete. Only the owner
 * may (`item.edit` is granted on one's own items only; staff act through moderation's hide). An
 * item the caller cannot see answers 404, someone else's visible item 403. Every change records
 * its typed event in the transaction of the change.
 */

type Actor = { id: string; role: Role };

/** The item if it exists, the caller may see it (404 otherwise) and may manage it (403). */
async function findOwnItem(db: Db, viewer: Actor, rawId: string): Promise<ItemRow> {
  const { item } = await findVisibleItem(db, viewer, rawId);
  authorize(viewer, 'item.edit', { ownerId: item.creatorId });
  return item;
}

async function presentOne(deps: ItemsDeps, viewer: Actor, item: ItemRow): Promise<OwnItem> {
  const buyers = await buyersByItem(deps.db, [item.id]);
  return presentManagedItem(viewer, item, buyers.get(item.id) ?? 0, deps.urls);
}

/** The fields whose stored value differs, by the form's names (the `item.updated` event). */
function changedFields(before: ItemRow, after: Partial<ItemRow>): string[] {
  const names: Record<string, string> = {
    imageKey: 'image',
    audioKey: 'audio',
    videoKey: 'video',
    priceCents: 'price',
    minPriceCents: 'minPrice',
    suggestedPriceCents: 'suggestedPrice',
  };
  const fields: string[] = [];
  for (const [column, value] of Object.entries(after)) {
    if (column === 'imagePreviewKey') continue;
    const old = before[column as keyof ItemRow];
    if (JSON.stringify(old) !== JSON.stringify(value)) fields.push(names[column] ?? column);
  }
  return fields;
}

async function recordStatusChange(
  tx: Db,
  viewer: Actor,
  itemId: number,
  change: { from: ItemState; to: ItemState },
  meta: EventMeta,
): Promise<void> {
  // Going on sale is `item.published`, leaving it `item.unpublished`. Between unavailable and
  // scheduled the item was and stays off sale: its `item.updated` names the change.
  const { from, to } = change;
  if (from !== 'available' && to !== 'available') return;
  await recordEvent(
    tx,
    viewer,
    {
      type: to === 'available' ? 'item.published' : 'item.unpublished',
      subjectId: String(itemId),
      data: {},
    },
    meta,
    { audience: [viewer.id] },
  );
}

/**
 * PATCH /api/v1/aura/{id}: the whole upload form again, with the create rules. A new price is what
 * the next checkout charges; sales already made keep their amounts in the ledger.
 */
export async function updateItem(
  deps: ItemsDeps,
  viewer: Actor,
  rawId: string,
  body: UpdateItemRequest,
  meta: EventMeta,
): Promise<UpdateItemResponse> {
  const before = await findOwnItem(deps.db, viewer, rawId);
  if (isDeleted(before)) throw fail('item_deleted');
  const next = await formFields(deps.db, viewer.id, body, meta.at);
  const { priceCents } = next;
  const fields = changedFields(before, next);

  const item = await deps.db.transaction(async (tx) => {
    // Only from the state it was read in: the publishing sweep may have put it on sale since.
    const [updated] = await tx
      .update(items)
      .set(next)
      .where(and(eq(items.id, before.id), eq(items.status, before.status)))
      .returning();
    if (!updated) throw fail('conflict');
    if (fields.length > 0) {
      await recordEvent(
        tx,
        viewer,
        {
          type: 'item.updated',
          subjectId: String(before.id),
          data: {
            fields,
            ...(before.priceCents !== priceCents
              ? { priceCents: { from: before.priceCents, to: priceCents } }
              : {}),
          },
        },
        meta,
        { audience: [viewer.id] },
      );
    }
    if (before.status !== next.status) {
      await recordStatusChange(
        tx,
        viewer,
        before.id,
        { from: before.status, to: next.status },
        meta,
      );
    }
    return updated;
  });
  return { id: item.id, item: await presentOwnItem(deps, viewer, item) };
}

/**
 * POST /api/v1/aura/{id}/publish and /unpublish: puts the item on sale or withdraws it. Asking for
 * the state it is already in changes nothing and records nothing. For a scheduled item (issue
 * 42) publish is "publish now" and unpublish cancels the schedule (the item stays unavailable).
 */
export async function setPublished(
  deps: ItemsDeps,
  viewer: Actor,
  rawId: string,
  isPublished: boolean,
  meta: EventMeta,
): Promise<OwnItem> {
  const before = await findOwnItem(deps.db, viewer, rawId);
  if (isDeleted(before)) throw fail('item_deleted');
  const status = isPublished ? 'available' : 'unavailable';
  if (before.status === status) return presentOne(deps, viewer, before);
  const wasScheduled = before.status === 'scheduled';
  const item = await deps.db.transaction(async (tx) => {
    // Only from the state it was read in: a scheduled item the sweep published meanwhile is
    // published once, by the sweep.
    const [updated] = await tx
      .update(items)
      .set({
        status,
        publishAt: null,
        // Published now instead of at its time: it is new in the feed from now.
        ...(wasScheduled && isPublished ? { createdAt: meta.at } : {}),
      })
      .where(and(eq(items.id, before.id), eq(items.status, before.status)))
      .returning();
    if (!updated) return null;
    await recordStatusChange(tx, viewer, before.id, { from: before.status, to: status }, meta);
    if (wasScheduled && !isPublished) {
      await recordEvent(
        tx,
        viewer,
        {
          type: 'item.updated',
          subjectId: String(before.id),
          data: { fields: ['status', 'publishAt'] },
        },
        meta,
        { audience: [viewer.id] },
      );
    }
    return updated;
  });
  if (item) return presentOne(deps, viewer, item);
  return presentOne(deps, viewer, await findOwnItem(deps.db, viewer, rawId));
}

/**
 * DELETE /api/v1/aura/{id}: a soft delete. The item leaves the feed, profiles, the spotlight and
 * checkout for good; whoever bought it keeps it (entitlement and media). Deleting it again
 * changes nothing.
 */
export async function deleteItem(
  deps: ItemsDeps,
  viewer: Actor,
  rawId: string,
  meta: EventMeta,
): Promise<OwnItem> {
  const before = await findOwnItem(deps.db, viewer, rawId);
  if (isDeleted(before)) return presentOne(deps, viewer, before);
  const buyers = (await buyersByItem(deps.db, [before.id])).get(before.id) ?? 0;
  const item = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(items)
      .set({ status: 'deleted' })
      .where(eq(items.id, before.id))
      .returning();
    if (!updated) throw fail('item_not_found');
    await recordEvent(
      tx,
      viewer,
      { type: 'item.deleted', subjectId: String(before.id), data: { keptForBuyers: buyers > 0 } },
      meta,
      { audience: [viewer.id] },
    );
    return updated;
  });
  return presentManagedItem(viewer, item, buyers, deps.urls);
}

/** GET /api/v1/aura/mine: every item of the caller, newest first, deleted ones included. */
export async function listOwnItems(deps: ItemsDeps, viewer: Viewer): Promise<OwnItemList> {
  authorize(viewer, 'item.create');
  const rows = await deps.db
    .select()
    .from(items)
    .where(eq(items.creatorId, viewer.id))
    .orderBy(desc(items.createdAt), desc(items.id));
  const buyers = await buyersByItem(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((item) =>
      presentManagedItem(viewer, item, buyers.get(item.id) ?? 0, deps.urls),
    ),
  };
}
