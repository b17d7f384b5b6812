import { CATEGORIES, isSubcategoryOf } from '../../../common/catalog/categories';
import { centsToAmount } from '../../../common/rules/money';
import type { CurrencyEarnings } from '../../../common/schemas/billing';
import type {
  DashboardEarnings,
  DashboardResponse,
  RecentContentItem,
} from '../../../common/schemas/dashboard';
import type { ItemRow } from '../../db/schema/index';
import { itemMediaUrls, type MediaUrls } from '../media/index';

const categoryLabel = (id: string) => CATEGORIES.find((c) => c.id === id)?.label ?? id;

function presentRecent(item: ItemRow, urls: MediaUrls): RecentContentItem {
  const where = isSubcategoryOf(item.category, item.subcategory)
    ? `${categoryLabel(item.category)} · ${item.subcategory}`
    : categoryLabel(item.category);
  return {
    id: item.id,
    title: item.title,
    subtitle: item.status === 'available' ? where : `${where} · unavailable`,
    // The owner's own card (signed in, so active): the preview, as every entitled viewer gets it.
    media_url: itemMediaUrls(item, 'active', true, urls).card,
    views: item.visitorsCount,
    likes: item.likesCount,
  };
}

/**
 * SPEC §3's two numbers are of the creator's main currency (the largest total; dollars, the
 * SPEC's currency, when there is none or a tie); `byCurrency` lists every currency apart.
 */
export function presentEarnings(byCurrency: CurrencyEarnings[]): DashboardEarnings {
  const main = byCurrency.reduce<CurrencyEarnings | null>(
    (best, entry) =>
      !best ||
      entry.totalCents > best.totalCents ||
      (entry.totalCents === best.totalCents && entry.currency === 'usd')
        ? entry
        : best,
    null,
  );
  return {
    currentMonth: centsToAmount(main?.currentMonthCents ?? 0),
    total: centsToAmount(main?.totalCents ?? 0),
    currency: main?.currency ?? 'usd',
    byCurrency,
  };
}

export function presentDashboard(
  figures: {
    views: number;
    likes: number;
    subscribers: number;
    earnings: CurrencyEarnings[];
    recent: ItemRow[];
  },
  urls: MediaUrls,
): DashboardResponse {
  return {
    metrics: { views: figures.views, subscribers: figures.subscribers, likes: figures.likes },
    earnings: presentEarnings(figures.earnings),
    recentContent: figures.recent.map((item) => presentRecent(item, urls)),
  };
}
