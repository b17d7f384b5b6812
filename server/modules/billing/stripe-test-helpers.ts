import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PaidTier } from '../../../common/rules/tiers';
import { subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fakes/stripe';
import { canViewItem } from '../access/index';
import { manualClock, startCheckout } from './test-helpers';

/** Builders the API tests of Stripe-billed memberships share (pause, tier change). */

export interface StripeHarness {
  t: TestApp;
  fake: FakeStripe;
  clock: ReturnType<typeof manualClock>;
}

/**
 * A test file's app on the fake Stripe, its clock starting at `start`: made before the file's
 * tests, closed after them (the fields are set once `beforeAll` ran).
 */
export function stripeHarness(start: Date): StripeHarness {
  const h = { clock: manualClock(start.toISOString()) } as StripeHarness;
  beforeAll(async () => {
    h.fake = await startFakeStripe();
    h.t = await createTestApp({ env: stripeEnv(h.fake), clock: h.clock });
  });
  afterAll(async () => {
    await h.t.close();
    await h.fake.close();
  });
  return h;
}

/** Delivers a signed webhook event and expects it taken. */
export async function deliverOk(h: StripeHarness, type: string, object: object): Promise<void> {
  const event = h.fake.event(type, object);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The user with a token issued now (the test clock moves; tokens expire with it). */
export async function fresh(t: TestApp, u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A membership of `tier` paid through Stripe Checkout at the monthly price, its period `start`
 * to `end`; `sees(when)` tells whether the fan sees an item of that tier then.
 */
export async function stripeMember(
  h: StripeHarness,
  period: { start: Date; end: Date },
  tier: PaidTier = 'Hypr',
) {
  const { t, fake } = h;
  h.clock.set(period.start.toISOString());
  const creator = await createUser(t, { role: 'creator' });
  const fan = await createUser(t);
  const item = await createItem(t, creator, { priceCents: 0, tierRequired: tier });
  const price = tier === 'Hypr' ? 5 : 15;
  const { id: sessionId } = await startCheckout(t, fan, {
    tier,
    price,
    productId: creator.user.id,
  });
  const session = fake.pay(sessionId, { periodStart: period.start, periodEnd: period.end });
  const subId = session.subscription ?? '';
  await deliverOk(h, 'checkout.session.completed', { id: sessionId });
  await deliverOk(
    h,
    'invoice.paid',
    fake.invoice(subId, { amountPaid: price * 100, billingReason: 'subscription_create' }),
  );
  const [row] = await t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subId));
  if (!row) throw new Error('no subscription');
  const viewer = { id: fan.user.id, role: fan.user.role };
  const sees = (when: Date, shown = item) => canViewItem(t.db, viewer, shown, when);
  return { creator, fan, subId, id: row.id, sees };
}
