import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { canViewItem } from '../access/index';
import { runRenewals } from './renewals';
import { earningsByCurrency, subscriberCount } from './stats';
import {
  earningsEntries,
  manualClock,
  payLocal,
  startCheckout,
  TEST_CARD_DECLINES_RENEWALS,
} from './test-helpers';

const clock = manualClock('2031-03-10T12:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

async function subscribe(
  fan: TestUser,
  creator: TestUser,
  tier: 'Hypr' | 'HyprSoul',
  card?: string,
) {
  const session = await startCheckout(t, fan, {
    tier,
    price: tier === 'Hypr' ? 5 : '15.00',
    productId: creator.user.id,
  });
  const paid = await payLocal(t, session.id, card);
  expect(paid.statusCode, paid.body).toBe(200);
  return session.id;
}

/** Sign-in tokens expire as the clock moves on: a fresh one for the moved clock. */
async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

const viewerOf = (u: TestUser) => ({ id: u.user.id, role: u.user.role });

describe('memberships (local provider)', () => {
  it('subscribing grants the tier, HyprSoul covers Hypr, and the profile sees isSubscribed', async () => {
    clock.set('2031-03-10T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const hyprItem = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    const soulItem = await createItem(t, creator, {
      priceCents: 0,
      tierRequired: 'HyprSoul',
    });
    const before = await t.app.inject({
      url: `/api/v1/billing/membership/${creator.user.id}`,
      headers: fan.auth,
    });
    expect(before.json()).toMatchObject({ isSubscribed: false, tier: 'Aura', subscription: null });

    const sessionId = await subscribe(fan, creator, 'HyprSoul');
    const session = await t.app.inject({
      url: `/v1/billing/retrieve-checkout-session/${sessionId}`,
      headers: fan.auth,
    });
    expect(session.json()).toMatchObject({
      mode: 'subscription',
      amount_total: 1500,
      currency: 'usd',
      metadata: { productId: '', kind: 'subscription', tier: 'HyprSoul' },
      product: null,
      subscription: {
        tier: 'HyprSoul',
        status: 'active',
        isActive: true,
        currentPeriodEnd: '2031-04-10T12:00:00.000Z',
      },
    });
    const now = clock.now();
    expect(await canViewItem(t.db, viewerOf(fan), hyprItem, now)).toBe(true);
    expect(await canViewItem(t.db, viewerOf(fan), soulItem, now)).toBe(true);
    const after = await t.app.inject({
      url: `/api/v1/billing/membership/${creator.user.id}`,
      headers: fan.auth,
    });
    expect(after.json()).toMatchObject({ isSubscribed: true, tier: 'HyprSoul' });
    const anonymous = await t.app.inject({ url: `/api/v1/billing/membership/${creator.user.id}` });
    expect(anonymous.json()).toMatchObject({ isSubscribed: false });
    expect(await subscriberCount(t.db, creator.user.id, now)).toBe(1);
    expect(await earningsByCurrency(t.db, creator.user.id, now)).toEqual([
      { currency: 'usd', currentMonthCents: 1350, totalCents: 1350 },
    ]);

    // A second membership of the same creator is refused while this one runs.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: 'Hypr', price: 5, creatorId: creator.user.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a Hypr member does not see HyprSoul items', async () => {
    clock.set('2031-03-10T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const soulItem = await createItem(t, creator, {
      priceCents: 0,
      tierRequired: 'HyprSoul',
    });
    await subscribe(fan, creator, 'Hypr');
    expect(await canViewItem(t.db, viewerOf(fan), soulItem, clock.now())).toBe(false);
  });

  it('renews at period end, then cancellation ends access at the period end', async () => {
    clock.set('2031-01-31T09:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    await subscribe(fan, creator, 'Hypr');

    // Just before the period end nothing is due. (Other test files share the PostgreSQL
    // database, so the run's totals may include their memberships: check this creator's ledger.)
    clock.set('2031-02-28T08:59:59.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(1);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    clock.set('2031-02-28T09:00:00.000Z');
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(false);
    const report = await runRenewals(t.db, t.config, clock.now());
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    // Running again (a second instance, a retry) charges nothing more.
    await runRenewals(t.db, t.config, clock.now());
    const entries = await earningsEntries(t, creator.user.id);
    expect(entries.map((e) => e.amountCents)).toEqual([450, 450]);

    const fanNow = await fresh(fan);
    const list = await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: fanNow.auth });
    const [sub] = list.json().subscriptions;
    expect(sub).toMatchObject({
      tier: 'Hypr',
      status: 'active',
      currentPeriodEnd: '2031-03-28T09:00:00.000Z',
      isActive: true,
    });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${sub.id}/cancel`,
      headers: fanNow.auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true, isActive: true });

    clock.set('2031-03-28T08:59:00.000Z');
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    clock.set('2031-03-28T09:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(false);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row?.status).toBe('canceled');
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(2);
    expect(await subscriberCount(t.db, creator.user.id, clock.now())).toBe(0);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${sub.id}/cancel`,
      headers: (await fresh(fan)).auth,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('a declined renewal makes the membership past_due and access ends at the period end', async () => {
    clock.set('2031-05-01T00:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    await subscribe(fan, creator, 'Hypr', TEST_CARD_DECLINES_RENEWALS);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    clock.set('2031-06-01T00:00:00.000Z');
    const report = await runRenewals(t.db, t.config, clock.now());
    expect(report.pastDue).toBeGreaterThanOrEqual(1);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(false);
    const fanNow = await fresh(fan);
    const list = await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: fanNow.auth });
    expect(list.json().subscriptions[0]).toMatchObject({ status: 'past_due', isActive: false });
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(1);
    // Past due, the fan may subscribe again.
    await subscribe(fanNow, creator, 'Hypr');
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
  });

  it('only the fan (or an admin) cancels; bad ids are refused', async () => {
    clock.set('2031-07-01T00:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await subscribe(fan, creator, 'Hypr');
    const list = await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: fan.auth });
    const id = list.json().subscriptions[0].id as string;
    const stranger = await createUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/cancel`,
      headers: stranger.auth,
    });
    expect(refused.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/not-a-uuid/cancel',
      headers: fan.auth,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/cancel`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/billing/subscriptions' })).statusCode).toBe(401);
    const badCreator = await t.app.inject({ url: '/api/v1/billing/membership/nope' });
    expect(badCreator.statusCode).toBe(400);
  });

  it('refuses subscribing to a non-creator or to yourself, and a wrong tier price', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const plain = await createUser(t);
    const cases: [TestUser, Record<string, unknown>, number][] = [
      [creator, { tier: 'Hypr', price: 5, creatorId: plain.user.id }, 404],
      [creator, { tier: 'Hypr', price: 5, creatorId: creator.user.id }, 400],
      [plain, { tier: 'HyprSoul', price: 5, creatorId: creator.user.id }, 400],
    ];
    for (const [buyer, payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/create-checkout-session',
        headers: buyer.auth,
        payload,
      });
      expect(res.statusCode, res.body).toBe(status);
    }
  });

  it('credits renewals with the configured platform fee', async () => {
    clock.set('2031-10-05T00:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await subscribe(fan, creator, 'HyprSoul');
    clock.set('2031-11-05T00:00:00.000Z');
    await runRenewals(t.db, { PLATFORM_FEE_PERCENT: 25 }, clock.now());
    const entries = (await earningsEntries(t, creator.user.id)).sort((x, y) => x.id - y.id);
    expect(entries.map((e) => [e.grossCents, e.amountCents])).toEqual([
      [1500, 1350],
      [1500, 1125],
    ]);
  });

  it('shows a creator their earnings net of the platform fee', async () => {
    clock.set('2031-08-15T00:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await subscribe(fan, creator, 'Hypr');
    const res = await t.app.inject({ url: '/api/v1/billing/earnings', headers: creator.auth });
    expect(res.json()).toEqual({
      byCurrency: [{ currency: 'usd', currentMonthCents: 450, totalCents: 450 }],
      platformFeePercent: 10,
    });
    clock.set('2031-09-02T00:00:00.000Z');
    const next = await t.app.inject({
      url: '/api/v1/billing/earnings',
      headers: (await fresh(creator)).auth,
    });
    expect(next.json()).toMatchObject({
      byCurrency: [{ currency: 'usd', currentMonthCents: 0, totalCents: 450 }],
    });
  });
});
