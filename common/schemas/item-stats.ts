import { z } from 'zod';

/** The days an item's stats cover, from the UTC day it went out (issue 42). */
export const ITEM_STATS_DAYS = 7;

/**
 * The metrics of an item's stats, one series each. A new metric is a new name here and one more
 * series in the answer; readers draw whatever series they are given.
 */
export const ITEM_STAT_METRICS = ['views', 'visitors', 'sales', 'members'] as const;
export const ItemStatMetric = z.enum(ITEM_STAT_METRICS);
export type ItemStatMetric = z.infer<typeof ItemStatMetric>;

export const ItemStatSeries = z.object({
  metric: ItemStatMetric,
  /** One count per entry of `days`, in the same order. */
  values: z.array(z.number().int().nonnegative()),
  /** The sum of `values`. */
  total: z.number().int().nonnegative(),
});
export type ItemStatSeries = z.infer<typeof ItemStatSeries>;

/** GET /api/v1/creator/items/{id}/stats: the item's first days, per UTC day. */
export const ItemStatsResponse = z.object({
  itemId: z.number().int(),
  /** The UTC days (YYYY-MM-DD) from the day the item went out, `ITEM_STATS_DAYS` of them. */
  days: z.array(z.string()),
  series: z.array(ItemStatSeries),
});
export type ItemStatsResponse = z.infer<typeof ItemStatsResponse>;
