import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  parsePublishAt,
  PUBLISH_AT_INVALID,
  type ItemState,
  type ItemStatus,
  type OwnItemList,
} from '../../../common/schemas/items';
import { parseEarlyAccessUntil } from '../../../common/rules/early-access';
import type { Tier } from '../../../common/rules/tiers';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { items } from '../../db/schema/index';
import { recordEvent } from '../../events/record';
import { fail } from '../../http/errors';
import { buyersByItem } from '../access/index';
import type { Viewer } from './cards.read-model';
import { presentManagedItem } from './presenter';
import type { ItemsDeps } from './service';

/*
 * Scheduled publishing (issue 42): an item created or edited with `publishAt` is `scheduled`
 * until then, seen by its owner and staff only (it is not listed, and a membership does not open
 * it: access/item-visibility.ts), and the sweep below puts it on sale once its time has come.
 */

/**
 * Where the form puts an item: `status` now, or `scheduled` for its valid `publishAt`; and until
 * when it is members-first (issue 42: a valid `earlyAccessUntil` after it goes out, with a tier).
 */
export function placementOf(
  body: {
    status: ItemStatus;
    publishAt?: string | null | undefined;
    earlyAccessUntil?: string | null | undefined;
    tierRequired?: Tier | undefined;
  },
  now: Date,
): { status: ItemState; publishAt: Date | null; earlyAccessUntil: Date | null } {
  let placement: { status: ItemState; publishAt: Date | null } = {
    status: body.status,
    publishAt: null,
  };
  if (body.publishAt !== undefined && body.publishAt !== null) {
    const at = parsePublishAt(body.publishAt, now);
    if (!at) throw fail(PUBLISH_AT_INVALID);
    placement = { status: 'scheduled', publishAt: at };
  }
  if (body.earlyAccessUntil === undefined || body.earlyAccessUntil === null) {
    return { ...placement, earlyAccessUntil: null };
  }
  const until = parseEarlyAccessUntil(
    body.earlyAccessUntil,
    placement.publishAt ?? now,
    body.tierRequired ?? 'Aura',
  );
  if (typeof until === 'string') throw fail(until);
  return { ...placement, earlyAccessUntil: until };
}

/** Items published per statement, so a backlog after a long stop holds no long lock. */
export const PUBLISH_BATCH = 200;

/**
 * Puts every scheduled item whose time has come on sale, and records `item.published` for each
 * in the same transaction. The update is conditional on the item still being scheduled, so two
 * instances (or a sweep and the owner's "publish now") publish an item once: the second finds
 * no row. A sweep after a restart that missed the moment publishes what is due then. The item
 * takes its scheduled time as its creation time, so the feed (newest first) shows it as new.
 * Resolves with the ids it published.
 */
export async function publishDueItems(db: Db, now: Date): Promise<number[]> {
  const published: number[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      // `skip locked`: an item another instance is publishing right now is that one's to do.
      const due = tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.status, 'scheduled'), lte(items.publishAt, now)))
        .orderBy(asc(items.publishAt))
        .limit(PUBLISH_BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(items)
        .set({ status: 'available', createdAt: sql`${items.publishAt}`, publishAt: null })
        .where(and(inArray(items.id, due), eq(items.status, 'scheduled')))
        .returning({ id: items.id, creatorId: items.creatorId });
      for (const row of rows) {
        await recordEvent(
          tx,
          null,
          { type: 'item.published', subjectId: String(row.id), data: {} },
          { at: now },
          { audience: [row.creatorId] },
        );
      }
      return rows;
    });
    published.push(...batch.map((r) => r.id));
    if (batch.length < PUBLISH_BATCH) return published;
  }
}

/** GET /api/v1/aura/scheduled: the caller's scheduled items, the soonest first. */
export async function listScheduledItems(deps: ItemsDeps, viewer: Viewer): Promise<OwnItemList> {
  authorize(viewer, 'item.create');
  const rows = await deps.db
    .select()
    .from(items)
    .where(and(eq(items.creatorId, viewer.id), eq(items.status, 'scheduled')))
    .orderBy(asc(items.publishAt), asc(items.id));
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
