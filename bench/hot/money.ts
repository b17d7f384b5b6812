/**
 * The money paths of issue 17 under load: a card checkout (session created, then paid with the
 * local provider's test card) and pay-with-balance. Every measured request buys an item its
 * buyer does not own yet, so each one writes money; the replay line alone repeats one purchase.
 * The same card checkout with a discount code (issue 43): the session priced and a redemption
 * taken in one transaction.
 * The refund path (issue 43): every measured request refunds in full a balance payment not
 * refunded yet (the entitlement ends, the earnings and fee go back, the balance is credited).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import type { Load, LoadStep, StepContext } from '../scenarios/types';
import type { Pair } from './types';

/** Price of every money item; the buyers' balances cover one purchase of each. */
const PRICE_CENTS = 500;
const BUYERS = 20;
const TEST_CARD = {
  email: 'buyer@bench.test',
  cardNumber: '4242424242424242',
  expiry: '12/34',
  cvc: '123',
};

export const buyerName = (n: number) => `bench_buyer_${n}`;
/**
 * The seller's discount code (issue 43): 10 % off, with a limit no run reaches, so every checkout
 * naming it takes a redemption through the conditional update a real limit needs.
 */
export const BENCH_DISCOUNT_CODE = 'BENCH10';
const BENCH_DISCOUNT_LIMIT = 100_000_000;
/** The admin who refunds. */
export const REFUND_ADMIN = 'bench_admin';

/**
 * One seller with `items` paid items, older than every feed item (so the feed's pages stay as
 * they were), and BUYERS buyers whose wallets were topped up to buy each item once.
 */
export async function seedMoney(
  db: Database,
  seed: { items: number; passwordHash: string },
): Promise<number[]> {
  await db.execute(sql`
    insert into users (username, email, role, display_name)
    values ('bench_seller', 'bench_seller@bench.test', 'creator', 'Bench Seller')`);
  await db.execute(sql`
    insert into users (username, email, role, password_hash)
    select 'bench_buyer_' || n, 'bench_buyer_' || n || '@bench.test', 'user', ${seed.passwordHash}
    from generate_series(1, ${BUYERS}::int) as n`);
  await db.execute(sql`
    insert into discount_codes (creator_id, code, percent_off, applies_to, max_redemptions)
    select id, ${BENCH_DISCOUNT_CODE}, 10, '"all"'::jsonb, ${BENCH_DISCOUNT_LIMIT}::int
    from users where username = 'bench_seller'`);
  const balance = seed.items * PRICE_CENTS;
  await db.execute(sql`
    insert into ledger_entries (account, user_id, kind, amount_cents, currency, ref)
    select 'wallet', id, 'topup', ${balance}::int, 'eur', 'bench-topup:' || id
    from users where username like 'bench_buyer_%'`);
  await db.execute(sql`
    insert into wallets (user_id, balance_cents, currency)
    select id, ${balance}::int, 'eur' from users where username like 'bench_buyer_%'`);
  const result = await db.execute(sql`
    insert into items (creator_id, title, description, price_cents, currency, image_key,
                       image_preview_key, status, tags, category, subcategory, explicit_content,
                       tier_required, created_at)
    select u.id, 'Bench money item ' || n, 'A paid item for the money benchmark.',
           ${PRICE_CENTS}::int, 'eur', 'bench/money-' || n || '.jpg',
           'bench/money-' || n || '.preview.webp', 'available', array['bench'], 'Music', 'Loops',
           false, 'Aura', now() - interval '20 years' - make_interval(secs => n)
    from generate_series(1, ${seed.items}::int) as n,
         (select id from users where username = 'bench_seller') as u
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => Number(r.id));
}

/**
 * Refundable payments (after `seedMoney`, whose seller and buyers they use): `sales` balance
 * payments of other items than the money paths buy (one per buyer and item), each with its
 * buyer's entitlement, and the admin who refunds them. Answers the payments' transaction ids.
 */
export async function seedRefunds(
  db: Database,
  seed: { sales: number; passwordHash: string },
): Promise<number[]> {
  await db.execute(sql`
    insert into users (username, email, role, password_hash)
    values (${REFUND_ADMIN}, ${`${REFUND_ADMIN}@bench.test`}, 'admin', ${seed.passwordHash})`);
  const perBuyer = Math.ceil(seed.sales / BUYERS);
  await db.execute(sql`
    insert into items (creator_id, title, description, price_cents, currency, image_key,
                       image_preview_key, status, tags, category, subcategory, explicit_content,
                       tier_required, created_at)
    select u.id, 'Bench refund item ' || n, 'A paid item for the refund benchmark.',
           ${PRICE_CENTS}::int, 'eur', 'bench/refund-' || n || '.jpg',
           'bench/refund-' || n || '.preview.webp', 'available', array['bench'], 'Music', 'Loops',
           false, 'Aura', now() - interval '21 years' - make_interval(secs => n)
    from generate_series(1, ${perBuyer}::int) as n,
         (select id from users where username = 'bench_seller') as u`);
  // As a balance unlock books it: the entitlement under `balance:<ref>`, the sale `sale:balance:<ref>`.
  // Numbered as the purchases are made (`purchases`): payments in a row are of different buyers
  // and items far apart, so ten refunds at once queue on no buyer's wallet or item's counter.
  const stride = Math.max(1, Math.floor(perBuyer / BUYERS));
  const paid = sql`
    select b.id as buyer_id, i.id as item_id, i.creator_id,
           'balance:bench-refund:' || b.id || ':' || i.id as ref,
           (((i.n - b.n * ${stride}::int) % ${perBuyer}::int + ${perBuyer}::int) % ${perBuyer}::int)
             * ${BUYERS}::int + b.n as turn
    from (select id, substring(username from 13)::int as n from users
          where username like 'bench_buyer_%') b,
         (select id, creator_id, substring(title from 19)::int - 1 as n from items
          where title like 'Bench refund item %') i`;
  await db.execute(sql`
    insert into entitlements (user_id, item_id, source, source_ref)
    select buyer_id, item_id, 'balance', ref from (${paid}) p`);
  const result = await db.execute(sql`
    insert into ledger_entries (account, user_id, kind, amount_cents, gross_cents, currency, ref,
                                item_id, buyer_id, created_at)
    select 'earnings', creator_id, 'sale',
           ${PRICE_CENTS}::int - round(${PRICE_CENTS}::int * 0.1)::int, ${PRICE_CENTS}::int,
           'eur', 'sale:' || ref, item_id, buyer_id, now() - interval '1 day'
    from (${paid}) p
    order by turn
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => Number(r.id));
}

interface Buyer {
  id: string;
  token: string;
}

interface Purchase {
  buyer: Buyer;
  itemId: number;
}

type OneRequest = Omit<Load, 'steps'>;

/**
 * Hands out (buyer, item) pairs never bought before, to the app and the minimal alike. The buyer
 * changes fastest and concurrent buyers start far apart in the item list, so parallel purchases
 * lock different wallets and items, as independent buyers would.
 */
function purchases(buyers: Buyer[], items: number[]): () => Purchase {
  const stride = Math.floor(items.length / buyers.length);
  let next = 0;
  return () => {
    if (next >= buyers.length * items.length) {
      throw new Error('every money item is sold: raise BENCH_MONEY_ITEMS');
    }
    const b = next % buyers.length;
    const i = (Math.floor(next / buyers.length) + b * stride) % items.length;
    next += 1;
    return { buyer: buyers[b]!, itemId: items[i]! };
  };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): OneRequest => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const auth = (buyer: Buyer) => ({ authorization: `Bearer ${buyer.token}` });

/** A two-step load: create a session for a fresh purchase, then pay the session it answered. */
function checkout(
  create: (purchase: Purchase) => OneRequest,
  payPath: (sessionId: string) => string,
  next: () => Purchase,
): Load {
  const steps: LoadStep[] = [
    {
      request: () => create(next()),
      read(body: string, context: StepContext) {
        try {
          context.session = String((JSON.parse(body) as { id?: unknown }).id);
        } catch {
          context.session = 'unreadable';
        }
      },
    },
    { request: (context) => post(payPath(context.session ?? 'none'), TEST_CARD) },
  ];
  return { path: '/', steps };
}

/** A one-step load: pay for a fresh purchase with a fresh idempotency key. */
function withBalance(
  send: (purchase: Purchase, key: string) => OneRequest,
  next: () => Purchase,
): Load {
  return { path: '/', steps: [{ request: () => send(next(), randomUUID()) }] };
}

export function moneyPairs(buyers: Buyer[], items: number[]): Pair[] {
  const next = purchases(buyers, items);
  const unlock = ({ buyer, itemId }: Purchase, key: string) =>
    post('/api/v1/wallet/unlock', { itemId }, { ...auth(buyer), 'idempotency-key': key });
  return [
    {
      group: 'money',
      scenario: 'card checkout+pay',
      connections: 10,
      app: checkout(
        ({ buyer, itemId }) =>
          post(
            '/v1/billing/create-checkout-session',
            // As the web does: the item id names the purchase, the server's price is charged.
            { tier: 'Bench money item', productId: itemId },
            auth(buyer),
          ),
        (id) => `/api/v1/billing/local-checkout/${encodeURIComponent(id)}/pay`,
        next,
      ),
      minimal: checkout(
        ({ buyer, itemId }) => post('/min/checkout', { buyer: buyer.id, itemId }),
        (id) => `/min/checkout/${encodeURIComponent(id)}/pay`,
        next,
      ),
    },
    {
      group: 'money',
      scenario: 'card checkout+pay (discount code)',
      connections: 10,
      app: checkout(
        ({ buyer, itemId }) =>
          post(
            '/v1/billing/create-checkout-session',
            { tier: 'Bench money item', productId: itemId, discountCode: BENCH_DISCOUNT_CODE },
            auth(buyer),
          ),
        (id) => `/api/v1/billing/local-checkout/${encodeURIComponent(id)}/pay`,
        next,
      ),
      minimal: checkout(
        ({ buyer, itemId }) =>
          post('/min/checkout-discount', { buyer: buyer.id, itemId, code: BENCH_DISCOUNT_CODE }),
        (id) => `/min/checkout/${encodeURIComponent(id)}/pay`,
        next,
      ),
    },
    {
      group: 'money',
      scenario: 'pay with balance',
      connections: 10,
      app: withBalance(unlock, next),
      minimal: withBalance(
        ({ buyer, itemId }, key) => post('/min/unlock', { buyer: buyer.id, itemId, key }),
        next,
      ),
    },
    {
      group: 'money',
      scenario: 'balance replay',
      connections: 10,
      // The first request buys, every later one repeats it: the idempotent answer, no money moves.
      app: unlock(next(), randomUUID()),
    },
  ];
}

/** Hands out payments never refunded, to the app and the minimal alike. */
function refundable(transactions: number[]): () => number {
  let next = 0;
  return () => {
    const id = transactions[next];
    if (id === undefined) throw new Error('every payment is refunded: raise BENCH_REFUNDS');
    next += 1;
    return id;
  };
}

/** The refund path: an admin refunds a fresh balance payment in full, under a fresh key. */
export function refundPair(admin: Buyer, transactions: number[]): Pair {
  const next = refundable(transactions);
  return {
    group: 'money',
    scenario: 'refund (balance)',
    connections: 10,
    app: {
      path: '/',
      steps: [
        {
          request: () =>
            post(
              `/api/v1/admin/sales/${next()}/refund`,
              {},
              { ...auth(admin), 'idempotency-key': randomUUID() },
            ),
        },
      ],
    },
    minimal: {
      path: '/',
      steps: [{ request: () => post('/min/refund', { id: next(), key: randomUUID() }) }],
    },
  };
}
