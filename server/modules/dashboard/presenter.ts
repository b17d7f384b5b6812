import { CATEGORIES, isSubcategoryOf } from '../../../common/catalog/categories';
import { centsToAmount } from '../../../common/rules/price';
import type { DashboardResponse, RecentContentItem } from '../../../common/schemas/dashboard';
import type { ItemRow } from '../../db/schema/index';
import { itemMediaUrls } from '../media/item-urls';
import type { MediaUrls } from '../media/signed-urls';

const categoryLabel = (id: string) => CATEGORIES.find((c) => c.id === id)?.label ?? id;

function presentRecent(item: ItemRow, urls: MediaUrls): RecentContentItem {
  const where = isSubcategoryOf(item.category, item.subcategory)
    ? `${categoryLabel(item.category)} · ${item.subcategory}`
    : categoryLabel(item.category);
  return {
    id: item.id,
    title: item.title,
    subtitle: item.status === 'available' ? where : `${where} · unavailable`,
    // The owner's own card: the preview, as every entitled viewer gets it.
    media_url: itemMediaUrls(item, true, urls).card,
    views: item.visitorsCount,
    likes: item.likesCount,
  };
}

export function presentDashboard(
  figures: {
    views: number;
    likes: number;
    subscribers: number;
    earnings: { currentMonthCents: number; totalCents: number };
    recent: ItemRow[];
  },
  urls: MediaUrls,
): DashboardResponse {
  return {
    metrics: { views: figures.views, subscribers: figures.subscribers, likes: figures.likes },
    // SPEC §2 shows earnings in dollars: the ledger's cents as an amount with two decimals.
    earnings: {
      currentMonth: centsToAmount(figures.earnings.currentMonthCents),
      total: centsToAmount(figures.earnings.totalCents),
    },
    recentContent: figures.recent.map((item) => presentRecent(item, urls)),
  };
}
