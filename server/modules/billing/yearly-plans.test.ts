import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDashboardResponse } from '../../../common/schemas/hub';
import { auditEvents, checkoutSessions, subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { startFakeStripe, stripeEnv } from '../../test/fakes/stripe';
import { canViewItem } from '../access/index';
import { runRenewals } from './renewals';
import {
  earningsEntries,
  manualClock,
  payLocal,
  startCheckout,
  TEST_CARD_OK,
} from './test-helpers';

/*
 * Issue 43, yearly plans: each paid tier is sold by the month or by the year (ten months unless
 * the creator sets 1 to 12 months' price). A yearly membership is charged its yearly price, runs
 * a year, renews once a year later, and counts a twelfth of its price in the hub's MRR.
 */

const clock = manualClock('2034-01-10T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  // Tokens outlive the clock's jumps of a year and more.
  t = await createTestApp({ clock, env: { JWT_TTL_SECONDS: String(10 * 365 * 86_400) } });
});
afterAll(async () => t.close());

const viewerOf = (u: TestUser) => ({ id: u.user.id, role: u.user.role });

function setPlans(app: TestApp, u: TestUser | null, payload: unknown) {
  return app.app.inject({
    method: 'PUT',
    url: '/api/v1/creator/plans',
    ...(u ? { headers: u.auth } : {}),
    payload: payload as Record<string, unknown>,
  });
}

async function subscriptionsOf(fan: TestUser) {
  const res = await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: fan.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscriptions as Record<string, unknown>[];
}

async function subscribeYearly(fan: TestUser, creator: TestUser, tier = 'Hypr', extra = {}) {
  const session = await startCheckout(t, fan, {
    tier,
    interval: 'year',
    creatorId: creator.user.id,
    ...extra,
  });
  const paid = await payLocal(t, session.id, TEST_CARD_OK);
  expect(paid.statusCode, paid.body).toBe(200);
  return session as { id: string; url: string; amountCents?: number; trialDays?: number };
}

/** What the creator's payments charged, in the order they were booked. */
const amounts = async (creator: TestUser) =>
  (await earningsEntries(t, creator.user.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.id) - Number(b.id))
    .map((e) => e.grossCents);

describe('yearly plans (issue 43)', () => {
  it('a yearly checkout charges the yearly price, runs a year and renews once a year later', async () => {
    clock.set('2034-01-10T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });

    const session = await startCheckout(t, fan, {
      tier: 'Hypr',
      interval: 'year',
      price: 50,
      creatorId: creator.user.id,
    });
    expect(session).toMatchObject({ amountCents: 5000, currency: 'usd' });
    const summary = await t.app.inject({ url: `/api/v1/billing/local-checkout/${session.id}` });
    expect(summary.json()).toMatchObject({ amountTotal: 5000, interval: 'year', tier: 'Hypr' });
    expect((await payLocal(t, session.id)).statusCode).toBe(200);

    expect(await amounts(creator)).toEqual([5000]);
    expect((await earningsEntries(t, creator.user.id)).map((e) => e.amountCents)).toEqual([4500]);
    const [sub] = await subscriptionsOf(fan);
    expect(sub).toMatchObject({
      tier: 'Hypr',
      interval: 'year',
      priceCents: 5000,
      currentPeriodEnd: '2035-01-10T10:00:00.000Z',
      isActive: true,
      canPause: true,
    });
    const [started] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.started'),
          eq(auditEvents.subjectId, String(sub?.id)),
        ),
      );
    expect(started?.data).toMatchObject({ amountCents: 5000, interval: 'year' });

    // Eleven months on nothing is due; access holds all year.
    clock.set('2034-12-10T10:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([5000]);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);

    // A year on: two instances at once, then one more run, charge the yearly price once.
    clock.set('2035-01-10T10:00:00.000Z');
    await Promise.all([
      runRenewals(t.db, t.config, clock.now()),
      runRenewals(t.db, t.config, clock.now()),
    ]);
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([5000, 5000]);
    const [renewed] = await subscriptionsOf(fan);
    expect(renewed).toMatchObject({
      interval: 'year',
      priceCents: 5000,
      currentPeriodEnd: '2036-01-10T10:00:00.000Z',
    });
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    const [renewal] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.renewed'),
          eq(auditEvents.subjectId, String(sub?.id)),
        ),
      );
    expect(renewal?.data).toMatchObject({
      amountCents: 5000,
      interval: 'year',
      periodEnd: '2036-01-10T10:00:00.000Z',
    });

    // A yearly plan pauses for whole years: from the paid year's end, nothing charged for a
    // year, then renewed for a year at its price.
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${String(sub?.id)}/pause`,
      headers: fan.auth,
      payload: { periods: 1 },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json()).toMatchObject({
      pausedUntil: '2037-01-10T10:00:00.000Z',
      isPaused: false,
      isActive: true,
    });
    clock.set('2036-01-10T10:00:01.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([5000, 5000]);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(false);
    clock.set('2037-01-10T10:00:01.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([5000, 5000, 5000]);
    const [resumed] = await subscriptionsOf(fan);
    expect(resumed).toMatchObject({
      pausedUntil: null,
      isActive: true,
      currentPeriodEnd: '2038-01-10T10:00:00.000Z',
    });
  });

  it('without an interval a tier is monthly, as before', async () => {
    clock.set('2034-02-01T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const session = await startCheckout(t, fan, {
      tier: 'HyprSoul',
      price: 15,
      creatorId: creator.user.id,
    });
    expect(session).toMatchObject({ amountCents: 1500 });
    expect((await payLocal(t, session.id)).statusCode).toBe(200);
    const [sub] = await subscriptionsOf(fan);
    expect(sub).toMatchObject({
      interval: 'month',
      priceCents: 1500,
      currentPeriodEnd: '2034-03-01T10:00:00.000Z',
    });
  });

  it('charges the creator’s own yearly price, and refuses a bad interval storing nothing', async () => {
    clock.set('2034-03-01T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    expect((await setPlans(t, creator, { Hypr: 4200, HyprSoul: 18000 })).statusCode).toBe(200);

    for (const payload of [
      { tier: 'Hypr', interval: 'week', creatorId: creator.user.id },
      { tier: 'Hypr', interval: 12, creatorId: creator.user.id },
      { tier: 'Hypr', interval: 'year', price: 50, creatorId: creator.user.id },
      { tier: 'topup', interval: 'year', price: '10.00', productId: 'topup' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/create-checkout-session',
        headers: fan.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const stored = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, fan.user.id));
    expect(stored).toHaveLength(0);

    const session = await subscribeYearly(fan, creator, 'HyprSoul');
    expect(session.amountCents).toBe(18000);
    expect(await amounts(creator)).toEqual([18000]);
    const [sub] = await subscriptionsOf(fan);
    expect(sub).toMatchObject({ interval: 'year', priceCents: 18000, tier: 'HyprSoul' });
  });

  it('a discount code takes off the first year only', async () => {
    clock.set('2034-04-01T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creator/discounts',
      headers: creator.auth,
      payload: { code: 'YEAR20', percentOff: 20, appliesTo: 'all' },
    });
    expect(code.statusCode, code.body).toBe(201);
    const session = await subscribeYearly(fan, creator, 'Hypr', { discountCode: 'year20' });
    expect(session).toMatchObject({ amountCents: 4000, discountCents: 1000 });
    clock.set('2035-04-01T10:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([4000, 5000]);
  });

  it('a free trial then the yearly price, for a year from the trial’s end', async () => {
    clock.set('2034-05-01T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const trials = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/creator/trials',
      headers: creator.auth,
      payload: { Hypr: 7, HyprSoul: 0 },
    });
    expect(trials.statusCode).toBe(200);
    const session = await subscribeYearly(fan, creator);
    expect(session).toMatchObject({ amountCents: 0, trialDays: 7 });
    const [during] = await subscriptionsOf(fan);
    expect(during).toMatchObject({
      interval: 'year',
      priceCents: 5000,
      currentPeriodEnd: '2034-05-08T10:00:00.000Z',
    });
    clock.set('2034-05-08T10:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([5000]);
    const [after] = await subscriptionsOf(fan);
    expect(after).toMatchObject({ currentPeriodEnd: '2035-05-08T10:00:00.000Z' });
  });

  it('changes tier with the yearly prices over the year; a downgrade renews at the lower yearly price', async () => {
    clock.set('2034-06-01T00:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    expect((await setPlans(t, creator, { Hypr: 5000, HyprSoul: 12000 })).statusCode).toBe(200);
    await subscribeYearly(fan, creator);
    const [sub] = await subscriptionsOf(fan);
    const id = String(sub?.id);
    // 2034-06-01 to 2035-06-01 is 365 days; a quarter of it is past on 2034-08-31 06:00.
    clock.set('2034-08-31T06:00:00.000Z');
    const [quoted] = await subscriptionsOf(fan);
    const quote = (
      quoted?.tierChanges as { tier: string; amountCents: number; priceAfterCents: number }[]
    ).find((c) => c.tier === 'HyprSoul');
    expect(quote?.amountCents).toBe(5250);
    // After the upgrade it renews at the creator's yearly price of the higher tier.
    expect(quote?.priceAfterCents).toBe(12000);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/change`,
      headers: fan.auth,
      payload: { tier: 'HyprSoul' },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ tier: 'HyprSoul', priceCents: 12000, interval: 'year' });
    expect(await amounts(creator)).toEqual([5000, 5250]);

    const down = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/change`,
      headers: fan.auth,
      payload: { tier: 'Hypr' },
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ pendingTier: 'Hypr' });
    // The creator raises Hypr's year meanwhile: the renewal charges the price of that day.
    expect((await setPlans(t, creator, { Hypr: 5500, HyprSoul: 12000 })).statusCode).toBe(200);
    clock.set('2035-06-01T00:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await amounts(creator)).toEqual([5000, 5250, 5500]);
    const [renewed] = await subscriptionsOf(fan);
    expect(renewed).toMatchObject({
      tier: 'Hypr',
      priceCents: 5500,
      pendingTier: null,
      currentPeriodEnd: '2036-06-01T00:00:00.000Z',
    });
  });

  it('settings: validated, the creator’s own only, audited once, public on the tier card', async () => {
    clock.set('2034-07-01T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const defaults = {
      currency: 'usd',
      Hypr: { monthlyCents: 500, yearlyCents: 5000, isYearlyCustom: false },
      HyprSoul: { monthlyCents: 1500, yearlyCents: 15000, isYearlyCustom: false },
    };
    for (const bad of [
      { Hypr: 499, HyprSoul: 15000 },
      { Hypr: 6001, HyprSoul: 15000 },
      { Hypr: 5000, HyprSoul: 18001 },
      { Hypr: 5000, HyprSoul: 1499 },
      { Hypr: 5000.5, HyprSoul: 15000 },
      { Hypr: '5000', HyprSoul: 15000 },
      { Hypr: 5000 },
      { Hypr: 5000, HyprSoul: 15000, Aura: 0 },
    ]) {
      const res = await setPlans(t, creator, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const own = await t.app.inject({ url: '/api/v1/creator/plans', headers: creator.auth });
    expect(own.json()).toEqual(defaults);
    // A fan offers no memberships: 403; signed out: 401; nothing stored.
    expect((await setPlans(t, fan, { Hypr: 5000, HyprSoul: 15000 })).statusCode).toBe(403);
    expect((await setPlans(t, null, { Hypr: 5000, HyprSoul: 15000 })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/creator/plans', headers: fan.auth })).statusCode,
    ).toBe(403);

    // The bounds themselves: one month's price and twelve.
    const set = await setPlans(t, creator, { Hypr: 500, HyprSoul: 18000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      currency: 'usd',
      Hypr: { monthlyCents: 500, yearlyCents: 500, isYearlyCustom: true },
      HyprSoul: { monthlyCents: 1500, yearlyCents: 18000, isYearlyCustom: true },
    });
    expect((await setPlans(t, creator, { Hypr: 500, HyprSoul: 18000 })).statusCode).toBe(200);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.plans_set'),
          eq(auditEvents.subjectId, creator.user.id),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      Hypr: { amountCents: 500, currency: 'usd' },
      HyprSoul: { amountCents: 18000, currency: 'usd' },
    });

    const pub = await t.app.inject({ url: `/api/v1/creators/${creator.user.username}/plans` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ Hypr: { yearlyCents: 500 } });
    const none = await t.app.inject({ url: `/api/v1/creators/${fan.user.username}/plans` });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'creator_not_found' });
  });
});

describe('hub monthly recurring revenue (issue 43)', () => {
  it('counts a yearly membership at a twelfth of its price', async () => {
    const hubClock = manualClock('2034-09-01T10:00:00.000Z');
    // Its own database: the MRR sums every membership, which other files add to.
    const h = await createTestApp({ ownDatabase: true, clock: hubClock });
    try {
      const admin = await createUser(h, { role: 'admin' });
      const creator = await createUser(h, { role: 'creator' });
      expect((await setPlans(h, creator, { Hypr: 5000, HyprSoul: 13000 })).statusCode).toBe(200);
      const subscribe = async (tier: string, interval: string) => {
        const fan = await createUser(h);
        const session = await startCheckout(h, fan, { tier, interval, creatorId: creator.user.id });
        expect((await payLocal(h, session.id)).statusCode).toBe(200);
      };
      await subscribe('Hypr', 'month');
      await subscribe('Hypr', 'year');
      await subscribe('HyprSoul', 'year');
      const res = await h.app.inject({ url: '/api/v1/hub/dashboard', headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      const { kpis } = res.json() as HubDashboardResponse;
      // 500 + round(5000 / 12) = 417 + round(13000 / 12) = 1083.
      expect(kpis.membershipMrr).toEqual([{ currency: 'usd', cents: 500 + 417 + 1083 }]);
      expect(kpis.memberships).toEqual({ monthly: 1, yearly: 2 });
    } finally {
      await h.close();
    }
  });
});

describe('yearly plans with Stripe', () => {
  it('the checkout is a recurring price by the year, and the subscription keeps it', async () => {
    const fake = await startFakeStripe();
    const s = await createTestApp({ env: stripeEnv(fake) });
    try {
      const creator = await createUser(s, { role: 'creator' });
      const fan = await createUser(s);
      expect((await setPlans(s, creator, { Hypr: 4500, HyprSoul: 15000 })).statusCode).toBe(200);
      const { id } = await startCheckout(s, fan, {
        tier: 'Hypr',
        interval: 'year',
        creatorId: creator.user.id,
      });
      expect(fake.sessions.get(id)).toMatchObject({
        mode: 'subscription',
        amount_total: 4500,
        lineItem: { unitAmount: 4500, currency: 'usd', interval: 'year' },
        subscriptionMetadata: { interval: 'year', periodPriceCents: '4500' },
      });
      const start = new Date();
      const session = fake.pay(id, { periodStart: start });
      const subId = session.subscription ?? '';
      // The subscription's own event first: it is stored from the metadata alone.
      const event = fake.event(
        'customer.subscription.created',
        fake.subscriptions.get(subId) ?? {},
      );
      const res = await s.app.inject({
        method: 'POST',
        url: '/v1/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await s.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, subId));
      expect(row).toMatchObject({ interval: 'year', priceCents: 4500, tier: 'Hypr' });
      expect(row!.currentPeriodEnd.getTime() - start.getTime()).toBeGreaterThan(364 * 86_400_000);
    } finally {
      await s.close();
      await fake.close();
    }
  });
});
