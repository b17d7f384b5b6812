import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, ledgerEntries } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { earningsEntries, itemEntitlementCount, topUp, walletState } from '../billing/test-helpers';

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t, { role: 'creator' });
});
afterAll(async () => t.close());

const unlock = (fan: TestUser, itemId: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/unlock',
    headers: { ...fan.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { itemId },
  });

describe('wallet', () => {
  it('tops up through checkout and shows the balance and history', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '12.50');
    const res = await t.app.inject({ url: '/api/v1/wallet', headers: fan.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      balanceCents: 1250,
      currency: 'eur',
      entries: [{ kind: 'topup', amountCents: 1250 }],
      nextBefore: null,
    });
    expect((await t.app.inject({ url: '/api/v1/wallet' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/wallet?limit=0', headers: fan.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('unlocks with balance once per idempotency key (double click charges once)', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '10');
    const item = await createItem(t, creator, { priceCents: 300 });
    // Four clicks at once: each reads no spend yet, and all but one meet the first one's spend
    // on its unique ref when they debit.
    const clicks = await Promise.all([1, 2, 3, 4].map(() => unlock(fan, item.id, 'click-1')));
    for (const click of clicks) expect(click.statusCode, click.body).toBe(200);
    const answers = clicks.map((click) => click.json());
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true, true, true]);
    for (const a of answers) {
      expect(a).toMatchObject({ itemId: item.id, chargedCents: 300, balanceCents: 700 });
      expect(a.product).toMatchObject({ id: item.id, isPurchased: true });
      expect(a.product.videoUrl).toBeTruthy();
    }
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 700, ledgerSumCents: 700 });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    const sales = (await earningsEntries(t, creator.user.id)).filter((e) => e.itemId === item.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ grossCents: 300, amountCents: 270 });

    // A new click on an item already owned charges nothing.
    const owned = await unlock(fan, item.id, 'click-2');
    expect(owned.statusCode).toBe(409);
    // The same key for another item is refused.
    const other = await createItem(t, creator, { priceCents: 100 });
    expect((await unlock(fan, other.id, 'click-1')).statusCode).toBe(409);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 700, ledgerSumCents: 700 });
  });

  it('answers 402 when the balance is too small and changes nothing', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '2');
    const item = await createItem(t, creator, { priceCents: 999 });
    const res = await unlock(fan, item.id, 'k1');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'insufficient_balance',
      balanceCents: 200,
      priceCents: 999,
    });
    expect(res.json().error).toContain('Not enough balance');
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 200, ledgerSumCents: 200 });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
    const noWallet = await createUser(t);
    expect((await unlock(noWallet, item.id, 'k1')).statusCode).toBe(402);
  });

  it.each([
    [{ itemId: 'abc' }, 'k', 400],
    [{ itemId: -1 }, 'k', 400],
    [{}, 'k', 400],
    [{ itemId: 1 }, undefined, 400],
    [{ itemId: 1 }, 'bad key with spaces', 400],
    [{ itemId: 987654321 }, 'k', 404],
  ])('refuses bad input %j key %s', async (payload, key, status) => {
    const fan = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/unlock',
      headers: { ...fan.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().error).toBe('string');
  });

  it('refuses own, free and members-only items', async () => {
    const fan = await createUser(t, { role: 'creator' });
    await topUp(t, fan, '5');
    const own = await createItem(t, fan, { priceCents: 100 });
    const free = await createItem(t, creator, { priceCents: 0 });
    const tier = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    for (const item of [own, free, tier]) {
      expect((await unlock(fan, item.id, `k${item.id}`)).statusCode).toBe(400);
    }
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 500, ledgerSumCents: 500 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/wallet/unlock', payload: { itemId: 1 } }))
        .statusCode,
    ).toBe(401);
  });

  it('100 simultaneous spends against a balance covering 10: exactly 10 succeed, never negative', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '10.00');
    const cheap = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        createItem(t, creator, { priceCents: 100, title: `Sample ${i}` }),
      ),
    );
    const results = await Promise.all(cheap.map((item, i) => unlock(fan, item.id, `spend-${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(90);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 0, ledgerSumCents: 0 });
    const [granted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entitlements)
      .where(and(eq(entitlements.userId, fan.user.id), eq(entitlements.source, 'balance')));
    expect(granted?.n).toBe(10);
    const spends = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, fan.user.id), eq(ledgerEntries.kind, 'spend')));
    expect(spends).toHaveLength(10);
    // The balance never went below zero: every running sum of the entries is >= 0.
    const all = await t.db
      .select({ amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, fan.user.id), eq(ledgerEntries.account, 'wallet')))
      .orderBy(ledgerEntries.id);
    let running = 0;
    for (const e of all) {
      running += e.amount;
      expect(running).toBeGreaterThanOrEqual(0);
    }
  });
});
