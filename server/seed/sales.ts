import { asc, gt, inArray, and, eq } from 'drizzle-orm';
import { items, users } from '../db/schema/index';
import { systemMeta } from '../events/record';
import { recordSale } from '../modules/billing/index';
import { DEMO_CREATORS } from './content-catalogue';
import type { SeedContext, SeedReport } from './index';

const DAY = 86_400_000;
/** Demo sales spread over the last four weeks, so the admin sales chart has a shape. */
const DEMO_SALES = 24;

/**
 * Demo sales (issue 14): catalogue creators buy each other's paid items over the last four
 * weeks, booked through billing's recordSale like a paid checkout (entitlement, earnings net of
 * the fee, sales count, `sale.recorded`), so /admin/sales and the creators' dashboards show
 * figures on the first start. The demo_* accounts buy nothing: their screens stay as seeded.
 */
export async function seedSales(ctx: SeedContext, report: SeedReport): Promise<void> {
  const buyers = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_CREATORS.map((c) => c.username),
      ),
    )
    .orderBy(asc(users.username));
  const paid = await ctx.db
    .select({
      id: items.id,
      creatorId: items.creatorId,
      priceCents: items.priceCents,
      currency: items.currency,
    })
    .from(items)
    .where(
      and(
        gt(items.priceCents, 0),
        eq(items.tierRequired, 'Aura'),
        inArray(
          items.creatorId,
          buyers.map((b) => b.id),
        ),
      ),
    )
    .orderBy(asc(items.id));
  if (buyers.length < 2 || paid.length === 0) return;

  const now = ctx.clock.now().getTime();
  let sold = 0;
  for (let i = 0; i < DEMO_SALES; i += 1) {
    // A deterministic spread: popular items sell more, recent days more than old ones.
    const item = paid[(i * i + i) % paid.length];
    const buyer = buyers[(i * 5 + 3) % buyers.length];
    if (!item || !buyer || buyer.id === item.creatorId) continue;
    const daysAgo = Math.floor((i * 11) % 28);
    const at = new Date(now - daysAgo * DAY - (i % 7) * 3_600_000);
    const booked = await ctx.db.transaction((tx) =>
      recordSale(
        tx,
        {
          buyerId: buyer.id,
          item,
          grossCents: item.priceCents,
          currency: item.currency,
          feePercent: ctx.config.PLATFORM_FEE_PERCENT,
          via: 'card',
          ref: `demo-sale-${i}`,
        },
        systemMeta(at),
      ),
    );
    if (booked) sold += 1;
  }
  report.lines.push(
    `Demo sales: ${sold} purchases between the catalogue creators over four weeks.`,
  );
}
