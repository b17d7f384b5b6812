/**
 * A creator's dashboard with many sales (issue 17): one creator with `sales` item sales spread
 * over the last year, written by set-based SQL as the ledger, its monthly running totals and the
 * entitlements hold them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import type { Pair } from './types';

export const DASHBOARD_CREATOR = 'bench_dashboard';
/** Items the creator sells; the buyers are as many as it takes for each to own each item once. */
const ITEMS = 50;
const PRICE_CENTS = 500;
/** The default platform fee: the figures only need to be plausible. */
const FEE_PERCENT = 10;

export async function seedCreatorSales(
  db: Database,
  seed: { sales: number; passwordHash: string },
): Promise<void> {
  const fans = Math.ceil(seed.sales / ITEMS);
  const net = PRICE_CENTS - Math.round((PRICE_CENTS * FEE_PERCENT) / 100);
  await db.execute(sql`
    insert into users (username, email, role, display_name, password_hash)
    values (${DASHBOARD_CREATOR}, ${`${DASHBOARD_CREATOR}@bench.test`}, 'creator',
            'Bench Dashboard', ${seed.passwordHash})`);
  await db.execute(sql`
    insert into users (username, email, role)
    select 'bench_sale_fan_' || n, 'bench_sale_fan_' || n || '@bench.test', 'user'
    from generate_series(1, ${fans}::int) as n`);
  await db.execute(sql`
    insert into items (creator_id, title, description, price_cents, currency, image_key,
                       image_preview_key, status, tags, category, subcategory, explicit_content,
                       tier_required, sales_count, visitors_count, likes_count, created_at)
    select u.id, 'Bench best seller ' || n, 'Sold a lot.', ${PRICE_CENTS}::int, 'eur',
           'bench/sold-' || n || '.jpg', 'bench/sold-' || n || '.preview.webp', 'available',
           array['bench'], 'Music', 'Loops', false, 'Aura', ${fans}::int, 40 * n, n,
           now() - interval '21 years' - make_interval(secs => n)
    from generate_series(1, ${ITEMS}::int) as n,
         (select id from users where username = ${DASHBOARD_CREATOR}) as u`);
  // Sale s: fan 1 + s / ITEMS buys item s % ITEMS, s hours ago (about a year for 10,000).
  const sales = sql`
    with f as (
      select array_agg(id order by id) as ids from users where username like 'bench_sale_fan_%'
    ), i as (
      select array_agg(id order by id) as ids from items
      where creator_id = (select id from users where username = ${DASHBOARD_CREATOR})
    ), s as (
      select n, f.ids[1 + n / ${ITEMS}::int] as fan, i.ids[1 + n % ${ITEMS}::int] as item,
             now() - make_interval(hours => n) as at
      from generate_series(0, ${seed.sales - 1}::int) as n, f, i
    )`;
  await db.execute(sql`${sales}
    insert into entitlements (user_id, item_id, source, source_ref, created_at)
    select fan, item, 'purchase', 'bench-sale:' || n, at from s`);
  await db.execute(sql`${sales}
    insert into ledger_entries (account, user_id, kind, amount_cents, gross_cents, currency, ref,
                                item_id, created_at)
    select 'earnings', (select id from users where username = ${DASHBOARD_CREATOR}), 'sale',
           ${net}::int, ${PRICE_CENTS}::int, 'eur', 'sale:bench-sale:' || n, item, at
    from s`);
  // The running totals creditEarnings keeps with each sale, as migration 0016 builds them.
  await db.execute(sql`
    insert into earnings_months (user_id, currency, month, shard, net_cents)
    select user_id, currency, date_trunc('month', created_at, 'UTC'), 0, sum(amount_cents)
    from ledger_entries
    where account = 'earnings' and kind in ('sale', 'membership')
      and user_id = (select id from users where username = ${DASHBOARD_CREATOR})
    group by 1, 2, 3`);
}

/**
 * The dashboard screen's figures (GET /api/v1/dashboard), the call that grows with the sales,
 * against one statement. ("My items", GET /api/v1/aura/mine, also counts each item's buyers, but
 * it allows one caller 60 requests a minute: a load from one creator would measure the limit.)
 */
export function dashboardPairs(creator: { id: string; token: string }, sales: number): Pair[] {
  return [
    {
      group: 'dashboard',
      scenario: `dashboard, ${sales.toLocaleString('en-US')} sales`,
      connections: 10,
      app: { path: '/api/v1/dashboard', headers: { authorization: `Bearer ${creator.token}` } },
      minimal: { path: `/min/dashboard?creator=${creator.id}` },
    },
  ];
}
