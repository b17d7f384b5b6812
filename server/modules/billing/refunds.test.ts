import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  earningsMonths,
  items,
  ledgerEntries,
  paymentRefunds,
  subscriptions,
} from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { validPayoutBody } from '../hub/test-helpers';
import { deliverMails, mailsTo } from '../mail/test-helpers';
import {
  itemEntitlementCount,
  manualClock,
  payLocal,
  startCheckout,
  topUp,
  walletState,
} from './test-helpers';

/*
 * Refunds of single payments (issue 43) with the built-in test-card provider and the balance:
 * each reverses the entitlement, the creator's earnings, the platform fee and the balance
 * exactly once, under replays and racing calls.
 */

const clock = manualClock('2026-03-10T12:00:00.000Z');
let t: TestApp;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createUser(t, { role: 'admin' });
  moderator = await createUser(t, { role: 'moderator' });
});
afterAll(() => t.close());

/** A fresh creator, their item and a fan who bought it by test card; the payment's id. */
async function cardSale(priceCents = 1000) {
  const creator = await createUser(t, { role: 'creator' });
  const fan = await createUser(t);
  const item = await createItem(t, creator, { priceCents });
  const session = await startCheckout(t, fan, {
    tier: item.title,
    price: (priceCents / 100).toFixed(2),
    productId: item.id,
  });
  expect((await payLocal(t, session.id)).statusCode).toBe(200);
  const id = await transactionOf(creator, item.id);
  return { creator, fan, item, id };
}

async function transactionOf(creator: TestUser, itemId: number): Promise<number> {
  const res = await t.app.inject({
    url: `/api/v1/admin/transactions?creatorId=${creator.user.id}&itemId=${itemId}`,
    headers: admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json().transactions;
  return row.id;
}

const refund = (
  id: number | string,
  body: Record<string, unknown> = {},
  key: string | null = uniqueName('refund-'),
  who: TestUser = admin,
  as: 'admin' | 'creator' = 'admin',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${as}/sales/${id}/refund`,
    headers: { ...who.auth, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

/** The creator's earnings per kind and the month totals the dashboard reads. */
async function earningsOf(creatorId: string) {
  const [row] = await t.db
    .select({
      net: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int`,
      gross: sql<number>`coalesce(sum(${ledgerEntries.grossCents}), 0)::int`,
      refunds: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'refund'))::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'earnings'), eq(ledgerEntries.userId, creatorId)));
  const [months] = await t.db
    .select({ net: sql<number>`coalesce(sum(${earningsMonths.netCents}), 0)::int` })
    .from(earningsMonths)
    .where(eq(earningsMonths.userId, creatorId));
  return { ...row!, monthsNet: months!.net };
}

const refundEvents = (transactionId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'payment.refunded'),
        eq(auditEvents.subjectId, String(transactionId)),
      ),
    );

describe('POST /api/v1/admin/sales/{id}/refund', () => {
  it('reverses a card sale once: the item locks, earnings and fee go back, a replay changes nothing', async () => {
    const { creator, fan, item, id } = await cardSale(1000);
    expect(await earningsOf(creator.user.id)).toMatchObject({
      net: 900,
      gross: 1000,
      monthsNet: 900,
    });
    const salesCount = async () =>
      (await t.db.select({ n: items.salesCount }).from(items).where(eq(items.id, item.id)))[0]?.n;
    expect(await salesCount()).toBe(1);
    const key = uniqueName('refund-');

    const first = await refund(id, {}, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      replayed: false,
      refund: { amountCents: 1000, currency: 'eur' },
      transaction: {
        id,
        kind: 'sale',
        provider: 'local',
        amountCents: 1000,
        refundedCents: 1000,
        refundState: 'refunded',
        buyer: { id: fan.user.id },
        item: { id: item.id },
      },
    });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
    expect(await earningsOf(creator.user.id)).toEqual({
      net: 0,
      gross: 0,
      refunds: 1,
      monthsNet: 0,
    });
    const [event] = await refundEvents(id);
    expect(event?.data).toMatchObject({
      amountCents: 1000,
      netCents: 900,
      feeCents: 100,
      full: true,
      to: 'card',
    });

    const again = await refund(id, {}, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, refund: first.json().refund });
    const other = await refund(id, {});
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('payment_already_refunded');
    expect(await earningsOf(creator.user.id)).toMatchObject({ net: 0, refunds: 1 });
    expect(await refundEvents(id)).toHaveLength(1);
    // A sale refunded in full is no sale on the item's count either (once).
    expect(await salesCount()).toBe(0);

    // The buyer sees the item locked again and gets a receipt; the creator a notice.
    const product = await t.app.inject({ url: `/api/v1/items/${item.id}`, headers: fan.auth });
    if (product.statusCode === 200) expect(product.json().isPurchased ?? false).toBe(false);
    await deliverMails(t);
    const mails = await mailsTo(t, fan.user.email);
    expect(mails.filter((m) => m.template === 'refund-receipt')).toHaveLength(1);
    const notices = await mailsTo(t, creator.user.email);
    expect(notices.filter((m) => m.template === 'refund-notice')).toHaveLength(1);
  });

  it('refunds in parts, in proportion, never more than was paid; access ends with the last part', async () => {
    const { creator, fan, item, id } = await cardSale(999);
    const part = await refund(id, { amountCents: 333 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().transaction).toMatchObject({ refundedCents: 333, refundState: 'partial' });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    // 999 gross, 899 net: a third of it back is 300 of the creator's (rounded), 33 of the fee.
    expect(await earningsOf(creator.user.id)).toMatchObject({ net: 599, gross: 666 });

    const tooMuch = await refund(id, { amountCents: 667 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'refund_exceeds_payment' });
    const rest = await refund(id, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      refund: { amountCents: 666 },
      transaction: { refundState: 'refunded' },
    });
    expect(await earningsOf(creator.user.id)).toMatchObject({ net: 0, gross: 0, monthsNet: 0 });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
  });

  it('gives a balance payment back to the balance, once, under racing double clicks', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 700 });
    await topUp(t, fan, '10.00');
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/unlock',
      headers: { ...fan.auth, 'idempotency-key': uniqueName('unlock-') },
      payload: { itemId: item.id },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect((await walletState(t, fan.user.id)).balanceCents).toBe(300);
    const id = await transactionOf(creator, item.id);

    const key = uniqueName('refund-');
    const same = await Promise.all(Array.from({ length: 4 }, () => refund(id, {}, key)));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(same.filter((r) => !r.json().replayed)).toHaveLength(1);
    const others = await Promise.all(Array.from({ length: 4 }, () => refund(id, {})));
    expect(others.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);

    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 1000, ledgerSumCents: 1000 });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
    expect(await earningsOf(creator.user.id)).toMatchObject({ net: 0, refunds: 1 });
    const [transaction] = (
      await t.app.inject({
        url: '/api/v1/admin/transactions?itemId=' + item.id,
        headers: admin.auth,
      })
    ).json().transactions;
    expect(transaction).toMatchObject({ provider: 'balance', refundState: 'refunded' });
    const rows = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.transactionId, id));
    expect(rows).toHaveLength(1);
  });

  it('ends a membership at once when its payment is refunded', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const session = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: '5',
      creatorId: creator.user.id,
    });
    expect((await payLocal(t, session.id)).statusCode).toBe(200);
    const page = await t.app.inject({
      url: `/api/v1/admin/transactions?creatorId=${creator.user.id}`,
      headers: admin.auth,
    });
    const [payment] = page.json().transactions;
    expect(payment).toMatchObject({
      kind: 'membership',
      tier: 'Hypr',
      currency: 'usd',
      item: null,
    });
    const res = await refund(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, fan.user.id));
    expect(sub?.status).toBe('canceled');
    const membership = await t.app.inject({
      url: `/api/v1/billing/membership/${creator.user.id}`,
      headers: fan.auth,
    });
    expect(membership.json()).not.toMatchObject({ active: true });
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const { creator, id } = await cardSale(500);
    const cases = [
      [await refund(id, {}, null), 400, 'idempotency_key_required'],
      [await refund(id, {}, 'bad key!'), 400, 'idempotency_key_required'],
      [await refund(id, { amountCents: 0 }), 400, undefined],
      [await refund(id, { amountCents: 1.5 }), 400, undefined],
      [await refund(id, { amountCents: '100' }), 400, undefined],
      [await refund(id, { amountCents: 501 }), 409, 'refund_exceeds_payment'],
      [await refund('abc'), 404, 'transaction_not_found'],
      [await refund(987654321), 404, 'transaction_not_found'],
    ] as const;
    for (const [res, status, code] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      if (code) expect(res.json().code).toBe(code);
    }
    expect(await earningsOf(creator.user.id)).toMatchObject({ net: 450, refunds: 0 });
  });

  it('lets only admins refund any payment, and a creator their own within 14 days', async () => {
    const { creator, id } = await cardSale(800);
    const stranger = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    expect((await refund(id, {}, undefined, moderator)).statusCode).toBe(403);
    expect((await refund(id, {}, undefined, creator)).statusCode).toBe(403);
    expect((await refund(id, {}, undefined, fan, 'creator')).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/sales/${id}/refund`,
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    const notTheirs = await refund(id, {}, undefined, stranger, 'creator');
    expect(notTheirs.statusCode).toBe(404);

    const own = await refund(id, { amountCents: 100 }, undefined, creator, 'creator');
    expect(own.statusCode, own.body).toBe(200);
    // Fifteen days later the creator may not; an admin still may.
    await t.db
      .update(ledgerEntries)
      .set({ createdAt: new Date(clock.now().getTime() - 15 * 86_400_000) })
      .where(eq(ledgerEntries.id, id));
    const late = await refund(id, { amountCents: 100 }, undefined, creator, 'creator');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'refund_window_closed' });
    expect((await refund(id, { amountCents: 100 })).statusCode).toBe(200);
  });
});

describe('negative balances', () => {
  it('a refund after a payout leaves a debt that blocks payouts until later earnings cover it', async () => {
    const { creator, id } = await cardSale(1000);
    const setPayout = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/hub/payouts/${creator.user.id}`,
      headers: admin.auth,
      payload: validPayoutBody(),
    });
    expect(setPayout.statusCode, setPayout.body).toBe(200);
    const run = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/hub/payouts/run',
        headers: { ...admin.auth, 'idempotency-key': uniqueName('run-') },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .transfers.filter((p: { creatorId: string }) => p.creatorId === creator.user.id)
        .map((p: { amountCents: number }) => p.amountCents);
    };
    // The Control Hub lists what each creator owes, per currency.
    const carried = async (as: TestUser = admin) => {
      const res = await t.app.inject({ url: '/api/v1/hub/payouts/runs', headers: as.auth });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().carried as { creatorId: string }[]).filter(
        (c) => c.creatorId === creator.user.id,
      );
    };
    expect(await run()).toEqual([900]);
    expect(await carried()).toEqual([]);
    expect((await refund(id)).statusCode).toBe(200);
    expect(await earningsOf(creator.user.id)).toMatchObject({ net: -900 });
    const owing = {
      creatorId: creator.user.id,
      creator: creator.user.username,
      currency: 'eur',
      amountCents: 900,
    };
    expect(await carried()).toEqual([owing]);
    expect(await run()).toEqual([]);
    expect(await carried(await createUser(t, { role: 'agency' }))).toEqual([owing]);

    // A 5.00 sale (4.50 net) pays back part of the debt: still nothing to pay.
    const fan = await createUser(t);
    const small = await createItem(t, creator, { priceCents: 500 });
    const s1 = await startCheckout(t, fan, {
      tier: small.title,
      price: '5.00',
      productId: small.id,
    });
    expect((await payLocal(t, s1.id)).statusCode).toBe(200);
    expect(await run()).toEqual([]);
    expect(await carried()).toEqual([{ ...owing, amountCents: 450 }]);
    // 20.00 more (18.00 net): the debt (4.50 left) comes off first.
    const big = await createItem(t, creator, { priceCents: 2000 });
    const s2 = await startCheckout(t, fan, { tier: big.title, price: '20.00', productId: big.id });
    expect((await payLocal(t, s2.id)).statusCode).toBe(200);
    expect(await run()).toEqual([1350]);
    expect(await carried()).toEqual([]);
  });
});

describe('GET transactions', () => {
  it('pages newest first with the one cursor, filters, and keeps creators to their own', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const other = await createUser(t, { role: 'creator' });
    const fans = await Promise.all([createUser(t), createUser(t)]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const item = await createItem(t, creator, { priceCents: 100 + i });
      const fan = fans[i % 2]!;
      const s = await startCheckout(t, fan, {
        tier: item.title,
        price: ((100 + i) / 100).toFixed(2),
        productId: item.id,
      });
      expect((await payLocal(t, s.id)).statusCode).toBe(200);
      ids.unshift(await transactionOf(creator, item.id));
    }
    const otherItem = await createItem(t, other, { priceCents: 300 });
    const s = await startCheckout(t, fans[0]!, {
      tier: otherItem.title,
      price: '3.00',
      productId: otherItem.id,
    });
    expect((await payLocal(t, s.id)).statusCode).toBe(200);

    const get = (url: string, who: TestUser = admin) => t.app.inject({ url, headers: who.auth });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/admin/transactions?creatorId=${creator.user.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body: { transactions: { id: number }[]; nextCursor: string | null } = res.json();
      seen.push(...body.transactions.map((r) => r.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);

    const byBuyer = await get(
      `/api/v1/admin/transactions?creatorId=${creator.user.id}&buyerId=${fans[1]!.user.id}`,
    );
    expect(byBuyer.json().transactions.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    expect((await get('/api/v1/admin/transactions?limit=1', moderator)).statusCode).toBe(200);

    const own = await get('/api/v1/creator/transactions', creator);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().transactions.map((r: { id: number }) => r.id)).toEqual(ids);
    // A creatorId names nobody else's: the creator's list has no such filter.
    const sneaky = await get(`/api/v1/creator/transactions?creatorId=${other.user.id}`, creator);
    expect(sneaky.json().transactions.map((r: { id: number }) => r.id)).toEqual(ids);

    expect((await get('/api/v1/admin/transactions', creator)).statusCode).toBe(403);
    expect((await get('/api/v1/creator/transactions', fans[0]!)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/admin/transactions' })).statusCode).toBe(401);
    for (const bad of [
      'cursor=garbage!',
      'cursor=WzBd',
      'creatorId=nope',
      'buyerId=1',
      'itemId=x',
      'itemId=0',
      'limit=0',
      'limit=101',
    ]) {
      const res = await get(`/api/v1/admin/transactions?${bad}`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
    }
  });
});
