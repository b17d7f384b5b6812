import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../db/refusal';
import { rowsOf } from '../../db/rows';
import { entitlements, items, jobs, outboxEvents } from '../../db/schema/index';
import { systemMeta } from '../../events/record';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, grantPurchase, type TestUser } from '../../test/factories';
import { sellForBalance, sellForCard } from './sale-statements';
import { checkoutSessions } from './tables';
import {
  earningsEntries,
  itemEntitlementCount,
  payLocal,
  startCheckout,
  topUp,
  walletState,
} from './test-helpers';

/*
 * Issue 17: a balance purchase, and a card payment of an item, is one statement. When a part of
 * it cannot be written (the key's spend was booked meanwhile, the balance no longer covers the
 * price, the session was paid already, the buyer came to own the item), the statement refuses
 * and nothing of it stays: no spend, no debit, no paid session, no entitlement, no credit, no
 * sales count, no event and no mail.
 */

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t, { role: 'creator' });
});
afterAll(() => t.close());

type Item = Awaited<ReturnType<typeof createItem>>;

const sale = (fan: TestUser, item: Item, key: string) => ({
  buyerId: fan.user.id,
  item,
  grossCents: item.priceCents,
  currency: item.currency,
  feePercent: t.config.PLATFORM_FEE_PERCENT,
  via: 'balance' as const,
  ref: `balance:${fan.user.id}:${key}`,
});
const spend = (fan: TestUser, item: Item, key: string, amountCents = item.priceCents) => ({
  userId: fan.user.id,
  amountCents,
  ref: `spend:${fan.user.id}:${key}`,
  itemId: item.id,
  at: new Date(),
});
const sell = (fan: TestUser, item: Item, key: string, amountCents?: number) =>
  sellForBalance(
    t.db,
    sale(fan, item, key),
    spend(fan, item, key, amountCents),
    systemMeta(new Date()),
  );

/** What a sale of `item` to `fan` writes, to compare before and after a refusal. */
async function footprint(fan: TestUser, item: Item) {
  const [counter] = await t.db
    .select({ sales: items.salesCount })
    .from(items)
    .where(eq(items.id, item.id));
  const [events] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxEvents)
    .where(
      and(eq(outboxEvents.type, 'sale.recorded'), eq(outboxEvents.subjectId, String(item.id))),
    );
  const [mails] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(sql`${jobs.kind} = 'mail' and ${jobs.payload}->>'template' like 'sale-%'`);
  return {
    wallet: await walletState(t, fan.user.id),
    entitlements: await itemEntitlementCount(t, fan.user.id, item.id),
    credits: (await earningsEntries(t, creator.user.id)).length,
    sales: counter?.sales,
    events: events?.n,
    mails: mails?.n,
  };
}

async function refusal(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
  } catch (error) {
    return refusalOf(error);
  }
  throw new Error('the sale was not refused');
}

describe('a balance purchase in one statement', () => {
  it('writes the spend, the debit, the entitlement, the credit, the count, the event and the mails', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '10');
    const item = await createItem(t, creator, { priceCents: 400 });
    const before = await footprint(fan, item);
    expect(await sell(fan, item, 'one')).toBe(600);
    expect(await footprint(fan, item)).toEqual({
      wallet: { balanceCents: 600, ledgerSumCents: 600 },
      entitlements: 1,
      credits: before.credits + 1,
      sales: (before.sales ?? 0) + 1,
      events: (before.events ?? 0) + 1,
      mails: (before.mails ?? 0) + 2,
    });
  });

  it('refuses as replayed and writes nothing when the key was booked already', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '10');
    const item = await createItem(t, creator, { priceCents: 300 });
    const other = await createItem(t, creator, { priceCents: 300 });
    await sell(fan, item, 'same');
    const before = await footprint(fan, other);
    expect(await refusal(sell(fan, other, 'same'))).toBe('replayed');
    expect(await footprint(fan, other)).toEqual(before);
  });

  it('refuses as short and writes nothing when the balance does not cover the price', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '5');
    const item = await createItem(t, creator, { priceCents: 600 });
    const before = await footprint(fan, item);
    expect(await refusal(sell(fan, item, 'short'))).toBe('short');
    expect(await footprint(fan, item)).toEqual(before);
    expect(before.wallet).toEqual({ balanceCents: 500, ledgerSumCents: 500 });
  });

  it('refuses as unsold and writes nothing when the buyer owns the item already, or it was deleted', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '10');
    const owned = await createItem(t, creator, { priceCents: 200 });
    // The fan owns the item already: another payment's sale.
    await grantPurchase(t, fan, owned);
    const before = await footprint(fan, owned);
    expect(await refusal(sell(fan, owned, 'owned'))).toBe('unsold');
    expect(await footprint(fan, owned)).toEqual(before);

    const gone = await createItem(t, creator, { priceCents: 200 });
    await t.db.update(items).set({ status: 'deleted' }).where(eq(items.id, gone.id));
    const beforeGone = await footprint(fan, gone);
    expect(await refusal(sell(fan, gone, 'gone'))).toBe('unsold');
    expect(await footprint(fan, gone)).toEqual(beforeGone);
  });
});

describe('a card payment of an item in one statement', () => {
  const cardSale = (fan: TestUser, item: Item, sessionId: string) =>
    sellForCard(
      t.db,
      {
        buyerId: fan.user.id,
        item,
        grossCents: item.priceCents,
        currency: item.currency,
        feePercent: t.config.PLATFORM_FEE_PERCENT,
        via: 'card',
        ref: `checkout:${sessionId}`,
        checkoutSessionId: sessionId,
      },
      { kind: 'item', customerEmail: 'card@example.test' },
      systemMeta(new Date()),
    );
  const open = async (fan: TestUser, item: Item) =>
    (
      await startCheckout(t, fan, {
        tier: item.title,
        price: item.priceCents / 100,
        productId: item.id,
      })
    ).id;
  const sessionOf = async (id: string) =>
    (await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0];

  it('marks the session paid and sells, once: a second payment of the session refuses as already', async () => {
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 700 });
    const id = await open(fan, item);
    const before = await footprint(fan, item);
    await cardSale(fan, item, id);
    const sold = await footprint(fan, item);
    expect(sold).toMatchObject({
      entitlements: 1,
      credits: before.credits + 1,
      sales: (before.sales ?? 0) + 1,
      events: (before.events ?? 0) + 1,
      mails: (before.mails ?? 0) + 2,
    });
    expect(await sessionOf(id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      customerEmail: 'card@example.test',
    });
    expect(await refusal(cardSale(fan, item, id))).toBe('already');
    expect(await footprint(fan, item)).toEqual(sold);
  });

  it('refuses as unsold, leaving the session open, when the buyer owns the item already', async () => {
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 300 });
    const id = await open(fan, item);
    await grantPurchase(t, fan, item);
    const before = await footprint(fan, item);
    expect(await refusal(cardSale(fan, item, id))).toBe('unsold');
    expect(await footprint(fan, item)).toEqual(before);
    expect(await sessionOf(id)).toMatchObject({ status: 'open', fulfilledAt: null });
  });

  it('two pay clicks at once: one pays, the other is told the session is complete', async () => {
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 900 });
    const id = await open(fan, item);
    const clicks = await Promise.all([payLocal(t, id), payLocal(t, id)]);
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    const credits = (await earningsEntries(t, creator.user.id)).filter(
      (e) => e.checkoutSessionId === id,
    );
    expect(credits).toHaveLength(1);
  });
});

// Two connections: the request must be able to wait on a transaction the test holds open.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'a card payment that commits during the purchase',
  () => {
    it('answers 409 already_owned and charges nothing', async () => {
      const fan = await createUser(t);
      await topUp(t, fan, '10');
      const item = await createItem(t, creator, { priceCents: 250 });
      const before = await footprint(fan, item);
      let answer: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      await t.db.transaction(async (tx) => {
        // The card payment's entitlement, not committed yet: the purchase's read does not see it,
        // and its own entitlement waits on it at the unique index. A raw row, not recordSale:
        // the sale's other locks (the item's counter) would make the purchase wait elsewhere.
        await tx.insert(entitlements).values({
          userId: fan.user.id,
          itemId: item.id,
          source: 'purchase',
          sourceRef: `card:${fan.user.id}`,
        });
        const request = t.app
          .inject({
            method: 'POST',
            url: '/api/v1/wallet/unlock',
            headers: { ...fan.auth, 'idempotency-key': 'during-card' },
            payload: { itemId: item.id },
          })
          .then((res) => (answer = res));
        await waitForLockWait();
        void request;
      });
      await waitFor(() => answer !== undefined);
      expect(answer?.statusCode, answer?.body).toBe(409);
      expect(answer?.json()).toMatchObject({ code: 'already_owned' });
      expect(await footprint(fan, item)).toEqual({ ...before, entitlements: 1 });
    });
  },
);

/** Until a session of the test database waits on a lock (the purchase on the entitlement). */
async function waitForLockWait() {
  await waitFor(async () => {
    const rows = await t.db.execute(
      sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    return rowsOf(rows).length > 0;
  });
}

async function waitFor(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}
