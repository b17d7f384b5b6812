/**
 * The minimal implementations of the money paths and the creator dashboard (bench/hot/money.ts,
 * bench/hot/dashboard.ts): bare routes doing only the essential SQL, one statement each. A
 * purchase is still atomic (one statement is one transaction) and still guarded by the same
 * constraints: the unique entitlement per buyer and item, the unique ledger refs, the balance
 * that may not go below zero.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { chargeTestCard, newLocalId } from '../../server/adapters/payments/local';
import type { Database } from '../../server/db/client';
import { EARNINGS_SHARDS } from '../../server/db/schema/index';

type Row = Record<string, unknown>;
/** The rows of a `db.execute` answer (pg and PGlite both answer `{ rows }`). */
export const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** A paid, available item of an active creator that `buyer` does not own yet. */
const purchasable = (buyer: string, itemId: number) => sql`
  select i.id, i.creator_id, i.title, i.price_cents, i.currency
  from items i join users u on u.id = i.creator_id
  where i.id = ${itemId} and i.status = 'available' and i.price_cents > 0
    and u.status = 'active'
    and not exists (select 1 from entitlements e where e.user_id = ${buyer}::uuid
                    and e.item_id = i.id)`;

/** The creator's net of a gross `cents` column, as the ledger credits it. */
const net = (cents: ReturnType<typeof sql>, feePercent: number) =>
  sql`${cents} - round(${cents} * ${feePercent}::numeric / 100)::int`;

/** Adds booked earnings rows (id, user_id, currency, amount_cents) to their month's total's shard. */
const addToMonth = (booked: ReturnType<typeof sql>) => sql`
  insert into earnings_months (user_id, currency, month, shard, net_cents)
  select user_id, currency, date_trunc('month', now(), 'UTC'), id % ${EARNINGS_SHARDS}::int,
         amount_cents
  from ${booked}
  on conflict (user_id, currency, month, shard)
  do update set net_cents = earnings_months.net_cents + excluded.net_cents`;

export function minimalMoneyRoutes(app: FastifyInstance, db: Database, feePercent: number): void {
  app.post<{ Body: { buyer: string; itemId: number } }>('/min/checkout', async (request, reply) => {
    const { buyer, itemId } = request.body;
    const [row] = rowsOf(
      await db.execute(sql`
        with i as (${purchasable(buyer, itemId)})
        insert into checkout_sessions (id, provider, kind, user_id, item_id, creator_id, label,
                                       amount_cents, currency, expires_at)
        select ${newLocalId('cs')}, 'local', 'item', ${buyer}::uuid, i.id, i.creator_id, i.title,
               i.price_cents, i.currency, now() + interval '30 minutes'
        from i
        returning id`),
    );
    return row ? { id: row.id } : reply.status(409).send({ error: 'not purchasable' });
  });

  // A checkout with a discount code (issue 43): the redemption taken by a conditional update and
  // the session stored at the discounted price, in one statement.
  app.post<{ Body: { buyer: string; itemId: number; code: string } }>(
    '/min/checkout-discount',
    async (request, reply) => {
      const { buyer, itemId, code } = request.body;
      const [row] = rowsOf(
        await db.execute(sql`
          with i as (${purchasable(buyer, itemId)}), d as (
            update discount_codes
            set redemptions = redemptions + 1
            where creator_id = (select creator_id from i) and code = upper(${code})
              and percent_off is not null
              and (max_redemptions is null or redemptions < max_redemptions)
              and (expires_at is null or expires_at > now())
            returning id, code, percent_off
          ), off as (
            select i.*, d.id as code_id, d.code,
                   (i.price_cents * d.percent_off / 100)::int as cents
            from i, d
          )
          insert into checkout_sessions (id, provider, kind, user_id, item_id, creator_id, label,
                                         amount_cents, currency, expires_at, discount_code_id,
                                         discount_code, discount_cents)
          select ${newLocalId('cs')}, 'local', 'item', ${buyer}::uuid, id, creator_id, title,
                 greatest(price_cents - cents, least(price_cents, 50)), currency,
                 now() + interval '30 minutes', code_id, code, cents
          from off
          returning id`),
      );
      return row ? { id: row.id } : reply.status(409).send({ error: 'not purchasable' });
    },
  );

  app.post<{
    Params: { id: string };
    Body: { email: string; cardNumber: string; expiry: string; cvc: string };
  }>('/min/checkout/:id/pay', async (request, reply) => {
    const charge = chargeTestCard(request.body, new Date());
    if (!charge.ok) return reply.status(charge.status).send({ error: charge.message });
    const [row] = rowsOf(
      await db.execute(sql`
        with s as (
          update checkout_sessions
          set status = 'complete', payment_status = 'paid', fulfilled_at = now(),
              customer_email = ${request.body.email}
          where id = ${request.params.id} and status = 'open' and expires_at > now()
          returning id, user_id, item_id, creator_id, amount_cents, currency
        ), granted as (
          insert into entitlements (user_id, item_id, source, source_ref)
          select user_id, item_id, 'purchase', id from s
        ), booked as (
          insert into ledger_entries (account, user_id, kind, amount_cents, gross_cents, currency,
                                      ref, item_id, checkout_session_id)
          select 'earnings', creator_id, 'sale', ${net(sql`amount_cents`, feePercent)},
                 amount_cents, currency, 'sale:' || id, item_id, id
          from s
          returning id, user_id, currency, amount_cents
        )
        ${addToMonth(sql`booked`)}
        returning user_id`),
    );
    return row ? { paid: true } : reply.status(409).send({ error: 'session not open' });
  });

  app.post<{ Body: { buyer: string; itemId: number; key: string } }>(
    '/min/unlock',
    async (request, reply) => {
      const { buyer, itemId, key } = request.body;
      const ref = `${buyer}:${key}`;
      const [row] = rowsOf(
        await db.execute(sql`
          with i as (${purchasable(buyer, itemId)}), spend as (
            update wallets w
            set balance_cents = w.balance_cents - i.price_cents, updated_at = now()
            from i
            where w.user_id = ${buyer}::uuid and w.balance_cents >= i.price_cents
            returning w.balance_cents, i.id, i.creator_id, i.price_cents, i.currency
          ), granted as (
            insert into entitlements (user_id, item_id, source, source_ref)
            select ${buyer}::uuid, id, 'balance', 'balance:' || ${ref} from spend
          ), booked as (
            insert into ledger_entries (account, user_id, kind, amount_cents, gross_cents,
                                        currency, ref, item_id)
            select 'wallet', ${buyer}::uuid, 'spend', -price_cents, null::int, 'eur',
                   'spend:' || ${ref}, id
            from spend
            union all
            select 'earnings', creator_id, 'sale', ${net(sql`price_cents`, feePercent)},
                   price_cents, currency, 'sale:balance:' || ${ref}, id
            from spend
            returning id, account, user_id, currency, amount_cents
          ), totalled as (
            ${addToMonth(sql`(select * from booked where account = 'earnings') as earned`)}
          )
          select balance_cents from spend`),
      );
      return row
        ? { balanceCents: row.balance_cents }
        : reply.status(402).send({ error: 'not purchasable or balance too low' });
    },
  );

  // A full refund of a balance payment: the refund row (once per payment here), the creator's
  // earnings and month total taken back, the balance credited, the entitlement ended.
  app.post<{ Body: { id: number; key: string } }>('/min/refund', async (request, reply) => {
    const { id, key } = request.body;
    const [row] = rowsOf(
      await db.execute(sql`
        with p as (
          select le.id, le.user_id, le.buyer_id, le.item_id, le.ref, le.amount_cents,
                 coalesce(le.gross_cents, le.amount_cents) as gross, le.currency
          from ledger_entries le
          where le.id = ${id} and le.account = 'earnings' and le.kind = 'sale'
            and le.buyer_id is not null
            and not exists (select 1 from payment_refunds r where r.transaction_id = le.id)
          for update
        ), made as (
          insert into payment_refunds (transaction_id, amount_cents, currency, cause, provider_ref,
                                       request_key)
          select id, gross, currency, 'refund', 'balance:' || id || ':' || ${key},
                 id || ':' || ${key}
          from p
          returning id, transaction_id
        ), booked as (
          insert into ledger_entries (account, user_id, kind, amount_cents, gross_cents, currency,
                                      ref, item_id, buyer_id)
          select 'earnings', p.user_id, 'refund', -p.amount_cents, -p.gross, p.currency,
                 'refund:' || made.id, p.item_id, p.buyer_id
          from p join made on made.transaction_id = p.id
          union all
          select 'wallet', p.buyer_id, 'refund', p.gross, null::int, 'eur',
                 'refund:' || made.id || ':wallet', p.item_id, null::uuid
          from p join made on made.transaction_id = p.id
          returning id, account, user_id, currency, amount_cents
        ), credited as (
          update wallets w set balance_cents = w.balance_cents + p.gross, updated_at = now()
          from p where w.user_id = p.buyer_id
        ), ungranted as (
          delete from entitlements e using p where e.source_ref = substr(p.ref, 6)
        ), totalled as (
          ${addToMonth(sql`(select * from booked where account = 'earnings') as taken`)}
        )
        select id from made`),
    );
    return row ? { refunded: true } : reply.status(409).send({ error: 'not refundable' });
  });

  // The dashboard's figures: view and like totals, members now, earnings per currency (all time
  // and this UTC month) and the six newest items, in one statement.
  app.get<{ Querystring: { creator: string } }>('/min/dashboard', async (request) => {
    const creator = request.query.creator;
    const [row] = rowsOf(
      await db.execute(sql`
        select
          (select json_build_object('views', coalesce(sum(visitors_count), 0),
                                    'likes', coalesce(sum(likes_count), 0))
             from items where creator_id = ${creator}::uuid) as totals,
          (select count(distinct user_id) from entitlements
             where creator_id = ${creator}::uuid and source = 'subscription'
               and tier is not null and period_end > now()) as subscribers,
          (select coalesce(json_agg(e order by e.currency), '[]'::json) from (
             select currency, sum(net_cents) as total,
                    coalesce(sum(net_cents) filter (where earnings_months.month = this.month), 0)
                      as month
             from earnings_months, (select date_trunc('month', now(), 'UTC') as month) this
             where user_id = ${creator}::uuid and earnings_months.month <= this.month
             group by currency) e) as earnings,
          (select coalesce(json_agg(r), '[]'::json) from (
             select id, title, image_key, price_cents, currency, likes_count, visitors_count,
                    created_at
             from items where creator_id = ${creator}::uuid and status <> 'deleted'
             order by created_at desc, id desc limit 6) r) as recent`),
    );
    return row;
  });
}
