import { formatMoney, isCurrency, type Currency } from '../../../common/rules/money';
import type { Actor } from '../../../common/rules/permissions';
import {
  SALES_DAYS,
  type AdminSalesQuery,
  type AdminSalesResponse,
  type DailySales,
  type SalesTotal,
} from '../../../common/schemas/admin';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { salesByItem, salesPerDay, type DaySales } from '../billing/index';

const DAY_MS = 86_400_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The window's days (UTC), oldest first, ending today. */
export function windowDays(now: Date, days = SALES_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

/**
 * Every day of the window for every currency sold in it, zeros included, so the chart's line
 * of a currency does not jump over quiet days.
 */
export function fillDays(days: string[], sold: DaySales[]): DailySales[] {
  const currencies = [...new Set(sold.map((s) => s.currency))].sort();
  const byKey = new Map(sold.map((s) => [`${s.day}|${s.currency}`, s]));
  return currencies.flatMap((currency) =>
    days.map((day) => {
      const found = byKey.get(`${day}|${currency}`);
      return {
        day,
        currency,
        sales: found?.sales ?? 0,
        revenueCents: found?.revenueCents ?? 0,
        refundedCents: found?.refundedCents ?? 0,
      };
    }),
  );
}

function totalsOf(daily: DailySales[]): SalesTotal[] {
  const totals = new Map<
    Currency,
    { sales: number; revenueCents: number; refundedCents: number }
  >();
  for (const d of daily) {
    const t = totals.get(d.currency) ?? { sales: 0, revenueCents: 0, refundedCents: 0 };
    totals.set(d.currency, {
      sales: t.sales + d.sales,
      revenueCents: t.revenueCents + d.revenueCents,
      refundedCents: t.refundedCents + d.refundedCents,
    });
  }
  return [...totals].map(([currency, t]) => ({
    currency,
    ...t,
    revenue: formatMoney(t.revenueCents, currency),
  }));
}

/**
 * GET /api/v1/admin/sales (issue 14; SPEC §2 /admin/sales): best-selling items with their
 * revenue in their own currency, and the last 30 days per day and currency. Every figure is net
 * of refunds (issue 43): a sale refunded in full is not counted, revenue is what buyers paid
 * less what went back to them, each refund counted against its sale (its item, its day);
 * `refundedCents` says how much went back.
 */
export async function salesOverview(
  db: Db,
  actor: Actor,
  query: AdminSalesQuery,
  now: Date,
): Promise<AdminSalesResponse> {
  authorize(actor, 'admin.sales.read');
  const days = windowDays(now);
  const from = new Date(`${days[0]}T00:00:00.000Z`);
  const to = new Date(Date.parse(`${days.at(-1)}T00:00:00.000Z`) + DAY_MS);
  const [best, sold] = await Promise.all([salesByItem(db, query.limit), salesPerDay(db, from, to)]);
  const daily = fillDays(days, sold);
  return {
    sales: best.flatMap((row) =>
      isCurrency(row.currency)
        ? [
            {
              id: row.itemId,
              product: row.title,
              creatorId: row.creatorId,
              sales: row.salesCount,
              revenue: formatMoney(row.revenueCents, row.currency),
              revenueCents: row.revenueCents,
              refundedCents: row.refundedCents,
              currency: row.currency,
            },
          ]
        : [],
    ),
    daily,
    totals: totalsOf(daily),
    from: from.toISOString(),
    to: to.toISOString(),
  };
}
