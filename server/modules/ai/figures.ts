import type { FigureReader, Money, UserFigures } from '../../adapters/ai/provider';
import type { Viewer } from '../../auth/guard';
import {
  earningsSince,
  itemSalesOf,
  startOfUtcMonth,
  walletOf,
  type WalletDeps,
} from '../billing/index';
import { followerCount } from '../follows/index';

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

/** Runs `read` once, on first use, and hands every caller the same answer. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | null = null;
  return () => (result ??= read());
}

/**
 * The signed-in viewer's own figures, read through billing, follows and wallet (never their
 * tables' rows directly). Bound to the viewer's id: no message can point it at anyone else.
 */
export function figuresOf(deps: FiguresDeps, viewer: Viewer): FigureReader {
  const now = deps.clock.now();
  const monthStart = startOfUtcMonth(now);
  const month = once(() => earningsSince(deps.db, viewer.id, monthStart, now));
  const reader: FigureReader = {
    monthStart,
    earningsThisMonth: async () => amounts(await month()),
    earningsTotal: once(async () => amounts(await earningsSince(deps.db, viewer.id, null, now))),
    salesThisMonth: async () => (await month()).reduce((sum, row) => sum + row.sales, 0),
    followers: once(() => followerCount(deps.db, viewer.id)),
    bestItem: once(async () => bestItemOf(await itemSalesOf(deps.db, viewer.id))),
    walletBalance: once(async () => {
      const wallet = await walletOf(deps, viewer, { limit: 1 });
      return { cents: wallet.balanceCents, currency: wallet.currency };
    }),
    all: once(async () => ({
      username: viewer.username,
      monthStart,
      earningsThisMonth: await reader.earningsThisMonth(),
      earningsTotal: await reader.earningsTotal(),
      salesThisMonth: await reader.salesThisMonth(),
      followers: await reader.followers(),
      bestItem: await reader.bestItem(),
      walletBalance: await reader.walletBalance(),
    })),
  };
  return reader;
}
