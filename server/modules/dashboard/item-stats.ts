import {
  ITEM_STAT_METRICS,
  ITEM_STATS_DAYS,
  type ItemStatsResponse,
} from '../../../common/schemas/item-stats';
import type { Actor } from '../../../common/rules/permissions';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { findVisibleItem } from '../items/index';
import { ITEM_STAT_READERS } from './item-stats.read-model';

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `moment` falls on. */
const utcMidnight = (moment: Date) =>
  new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

/**
 * GET /api/v1/creator/items/{id}/stats (issue 42): the item's first `ITEM_STATS_DAYS` UTC days,
 * from the day it went out (its `createdAt`; a scheduled item takes its publishing time), one
 * series per metric. Its owner and staff only: someone else's item that the caller cannot see
 * is 404, one they can see 403.
 */
export async function itemStats(db: Db, viewer: Actor, rawId: string): Promise<ItemStatsResponse> {
  const { item } = await findVisibleItem(db, viewer, rawId);
  authorize(viewer, 'item.viewStats', { ownerId: item.creatorId });
  const from = utcMidnight(item.createdAt);
  const to = new Date(from.getTime() + ITEM_STATS_DAYS * DAY_MS);
  const days = Array.from({ length: ITEM_STATS_DAYS }, (_, i) =>
    new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const window = {
    itemId: item.id,
    creatorId: item.creatorId,
    tierRequired: item.tierRequired,
    from,
    to,
  };
  const series = [];
  for (const metric of ITEM_STAT_METRICS) {
    const counts = await ITEM_STAT_READERS[metric](db, window);
    const values = days.map((day) => counts.get(day) ?? 0);
    series.push({ metric, values, total: values.reduce((sum, v) => sum + v, 0) });
  }
  return { itemId: item.id, days, series };
}
