import type { Money, UserFigures } from '../../adapters/ai/provider';
import type { Viewer } from '../../auth/guard';
import { startOfUtcMonth } from '../billing/periods';
import { earningsByCurrency, itemSalesOf } from '../billing/stats';
import { followerCount } from '../follows/service';
import { walletOf, type WalletDeps } from '../wallet/service';

export type FiguresDeps = WalletDeps;

const amounts = (rows: { currency: string; netCents: number }[]): Money[] =>
  rows.map((r) => ({ cents: r.netCents, currency: r.currency }));

/** The best seller: most sales across currencies, its earnings kept per currency. */
function bestItemOf(rows: Awaited<ReturnType<typeof itemSalesOf>>): UserFigures['bestItem'] {
  const byItem = new Map<number, { title: string; sales: number; earned: Money[] }>();
  for (const row of rows) {
    const entry = byItem.get(row.itemId) ?? { title: row.title, sales: 0, earned: [] };
    entry.sales += row.sales;
    entry.earned.push({ cents: row.netCents, currency: row.currency });
    byItem.set(row.itemId, entry);
  }
  let best: UserFigures['bestItem'] = null;
  for (const entry of byItem.values()) if (!best || entry.sales > best.sales) best = entry;
  return best;
}

/**
 * The signed-in viewer's own figures, read through billing, follows and wallet (never their
 * tables' rows directly). Bound to the viewer's id: no message can point it at anyone else. It
 * loads once, on the first question that needs it.
 */
export function figuresOf(deps: FiguresDeps, viewer: Viewer): () => Promise<UserFigures> {
  let loading: Promise<UserFigures> | null = null;
  const load = async (): Promise<UserFigures> => {
    const now = deps.clock.now();
    const monthStart = startOfUtcMonth(now);
    const month = await earningsByCurrency(deps.db, viewer.id, monthStart, now);
    const total = await earningsByCurrency(deps.db, viewer.id, null, now);
    const sold = await itemSalesOf(deps.db, viewer.id);
    const followers = await followerCount(deps.db, viewer.id);
    const wallet = await walletOf(deps, viewer, { limit: 1 });
    return {
      username: viewer.username,
      earningsThisMonth: amounts(month),
      earningsTotal: amounts(total),
      salesThisMonth: month.reduce((sum, row) => sum + row.sales, 0),
      followers,
      bestItem: bestItemOf(sold),
      walletBalance: { cents: wallet.balanceCents, currency: wallet.currency },
      monthStart,
    };
  };
  return () => (loading ??= load());
}
