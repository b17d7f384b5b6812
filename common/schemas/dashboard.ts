import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import { CurrencyEarnings } from './billing';

/** SPEC §3 dashboard response, computed from the database for the signed-in user. */
export const DashboardMetrics = z.object({
  /** Visitors over all the user's items (one per viewer per item per day). */
  views: z.number().int(),
  /** Fans with an active membership of this creator. */
  subscribers: z.number().int(),
  /** Likes over all the user's items. */
  likes: z.number().int(),
});
export type DashboardMetrics = z.infer<typeof DashboardMetrics>;

/**
 * Net earnings (after the platform fee). SPEC §3's `currentMonth` and `total` are amounts (two
 * decimals) in `currency`, the creator's main currency (the one they earned most in); every
 * currency earned in is listed in `byCurrency`, never added together.
 */
export const DashboardEarnings = z.object({
  currentMonth: z.number(),
  total: z.number(),
  currency: z.enum(CURRENCIES),
  byCurrency: z.array(CurrencyEarnings),
});
export type DashboardEarnings = z.infer<typeof DashboardEarnings>;

export const RecentContentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Category / subcategory, plus "unavailable" when hidden from the feed. */
  subtitle: z.string(),
  /** The preview image (signed where the item is paid: only its owner sees the dashboard). */
  media_url: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
});
export type RecentContentItem = z.infer<typeof RecentContentItem>;

/** GET /api/v1/dashboard. */
export const DashboardResponse = z.object({
  metrics: DashboardMetrics,
  earnings: DashboardEarnings,
  recentContent: z.array(RecentContentItem),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
