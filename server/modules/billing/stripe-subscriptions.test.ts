import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { canViewItem } from '../access/index';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fakes/stripe';
import { subscriberCount } from './stats';
import { earningsEntries, manualClock, startCheckout } from './test-helpers';

/*
 * Memberships with Stripe: subscription-mode Checkout, then Stripe's subscription webhooks
 * (created, renewed by a paid invoice, payment failed, cancelled) move access. The app's clock
 * is moved by hand; Stripe's side is the local fake speaking its protocol to the real SDK.
 */

const DAY = 86_400_000;
const T0 = new Date('2032-02-01T10:00:00.000Z');
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY + hours * 3600_000);

const clock = manualClock(T0.toISOString());
let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeEnv(fake), clock });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });

async function deliverOk(type: string, object: object) {
  const res = await deliver(fake.event(type, object));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Tokens are checked against the app's clock: one issued for the moved clock. */
async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

async function membership(fan: TestUser, creator: TestUser) {
  const res = await t.app.inject({
    url: `/api/v1/billing/membership/${creator.user.id}`,
    headers: (await fresh(fan)).auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { tier: string; isSubscribed: boolean; subscription: { status: string } };
}

async function ourSubscription(providerId: string) {
  const [row] = await t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerId));
  return row;
}

describe('memberships with Stripe', () => {
  it('creates a subscription-mode Checkout Session at the tier price', async () => {
    clock.set(T0.toISOString());
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const { id } = await startCheckout(t, fan, {
      tier: 'HyprSoul',
      price: 15,
      productId: creator.user.id,
    });
    expect(fake.sessions.get(id)).toMatchObject({
      mode: 'subscription',
      amount_total: 1500,
      currency: 'usd',
      metadata: { userId: fan.user.id, kind: 'subscription', creatorId: creator.user.id },
      subscriptionMetadata: {
        userId: fan.user.id,
        creatorId: creator.user.id,
        tier: 'HyprSoul',
      },
      lineItem: { unitAmount: 1500, currency: 'usd', interval: 'month' },
    });
  });

  it('follows created, renewed, payment failed and cancelled through access and earnings', async () => {
    clock.set(T0.toISOString());
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const viewer = { id: fan.user.id, role: fan.user.role };
    const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    const sees = async (when: Date) => canViewItem(t.db, viewer, item, when);
    const earnings = async () =>
      (await earningsEntries(t, creator.user.id)).map((e) => [e.kind, e.amountCents]);

    const { id } = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: 5,
      productId: creator.user.id,
    });
    const session = fake.pay(id, { periodStart: T0, periodEnd: at(30) });
    const subId = session.subscription ?? '';
    const sub = (): object => fake.subscriptions.get(subId) ?? {};

    // created can arrive before the checkout's own event: access starts, no money booked twice.
    await deliverOk('customer.subscription.created', sub());
    expect(await ourSubscription(subId)).toMatchObject({
      status: 'active',
      userId: fan.user.id,
      creatorId: creator.user.id,
      tier: 'Hypr',
      currentPeriodEnd: at(30),
    });
    expect(await sees(at(1))).toBe(true);
    await deliverOk('checkout.session.completed', { id });
    await deliverOk(
      'invoice.paid',
      fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_create' }),
    );
    expect(await earnings()).toEqual([['membership', 450]]);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, id));
    expect(checkout?.subscriptionId).toBe((await ourSubscription(subId))?.id);
    expect(await membership(fan, creator)).toMatchObject({ tier: 'Hypr', isSubscribed: true });
    expect(await subscriberCount(t.db, creator.user.id, at(1))).toBe(1);

    // The period ends: without a renewal access stops, a paid invoice extends it once.
    expect(await sees(at(30))).toBe(false);
    clock.set(at(30, 1).toISOString());
    fake.setPeriod(subId, at(30), at(60));
    const renewal = fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_cycle' });
    const renewed = fake.event('invoice.paid', renewal);
    expect((await deliver(renewed)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(renewed)).json()).toEqual({ received: true, duplicate: true });
    await deliverOk('customer.subscription.updated', sub());
    expect(await sees(at(59))).toBe(true);
    expect(await earnings()).toEqual([
      ['membership', 450],
      ['membership', 450],
    ]);

    // The next renewal fails: past_due, access ends with the last paid period.
    clock.set(at(60, 1).toISOString());
    fake.setPeriod(subId, at(60), at(90));
    fake.updateSubscription(subId, { status: 'past_due' });
    await deliverOk('invoice.payment_failed', {
      ...fake.invoice(subId, { amountPaid: 0, billingReason: 'subscription_cycle' }),
    });
    expect(await ourSubscription(subId)).toMatchObject({ status: 'past_due' });
    expect(await sees(at(59, 23))).toBe(true);
    expect(await sees(at(60, 1))).toBe(false);
    expect(await membership(fan, creator)).toMatchObject({
      isSubscribed: false,
      subscription: { status: 'past_due' },
    });
    expect(await earnings()).toHaveLength(2);

    // Stripe's retry succeeds: active again up to the new period end.
    fake.updateSubscription(subId, { status: 'active' });
    await deliverOk(
      'invoice.paid',
      fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_cycle' }),
    );
    expect(await sees(at(61))).toBe(true);
    expect(await earnings()).toHaveLength(3);

    // The fan cancels: Stripe is told to stop at the period end, access lasts until then.
    const list = await t.app.inject({
      url: '/api/v1/billing/subscriptions',
      headers: (await fresh(fan)).auth,
    });
    const ours = list.json().subscriptions[0];
    const before = fake.requests.length;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${ours.id}/cancel`,
      headers: (await fresh(fan)).auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true, isActive: true });
    const call = fake.requests.slice(before).find((r) => r.method === 'POST');
    expect(call?.path).toBe(`/v1/subscriptions/${subId}`);
    expect(call?.form.get('cancel_at_period_end')).toBe('true');
    expect(fake.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);
    await deliverOk('customer.subscription.updated', sub());
    expect(await sees(at(89, 23))).toBe(true);

    // At the period end Stripe deletes it.
    clock.set(at(90).toISOString());
    fake.updateSubscription(subId, {
      status: 'canceled',
      ended_at: Math.floor(at(90).getTime() / 1000),
    });
    await deliverOk('customer.subscription.deleted', sub());
    expect(await ourSubscription(subId)).toMatchObject({ status: 'canceled' });
    expect(await sees(at(90))).toBe(false);
    expect(await subscriberCount(t.db, creator.user.id, at(90))).toBe(0);
    expect(await membership(fan, creator)).toMatchObject({ tier: 'Aura', isSubscribed: false });
    expect(await earnings()).toHaveLength(3);
  });

  it('a subscription Stripe ends mid-period (refund, dispute) ends access at once', async () => {
    clock.set(T0.toISOString());
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const viewer = { id: fan.user.id, role: fan.user.role };
    const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    const { id } = await startCheckout(t, fan, {
      tier: 'HyprSoul',
      price: 15,
      productId: creator.user.id,
    });
    const subId = fake.pay(id, { periodStart: T0, periodEnd: at(30) }).subscription ?? '';
    await deliverOk('checkout.session.completed', { id });
    expect(await canViewItem(t.db, viewer, item, at(10))).toBe(true);

    clock.set(at(10).toISOString());
    fake.updateSubscription(subId, {
      status: 'canceled',
      ended_at: Math.floor(at(10).getTime() / 1000),
      canceled_at: Math.floor(at(10).getTime() / 1000),
    });
    // Events out of order: the deletion, then a stale "updated" — both re-read the live state.
    await deliverOk('customer.subscription.deleted', fake.subscriptions.get(subId) ?? {});
    await deliverOk('customer.subscription.updated', { id: subId, status: 'active' });
    expect(await ourSubscription(subId)).toMatchObject({ status: 'canceled' });
    expect(await canViewItem(t.db, viewer, item, at(10, 1))).toBe(false);
  });
});
