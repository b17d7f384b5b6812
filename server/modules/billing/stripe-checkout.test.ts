import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../adapters/payments/stripe';
import {
  auditEvents,
  billingEvents,
  checkoutSessions,
  discountCodes,
  items,
  subscriptions,
} from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { mailsTo } from '../mail/test-helpers';
import { createItem, createUser, type TestUser } from '../../test/factories';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  stripeEnv,
  type FakeStripe,
} from '../../test/fakes/stripe';
import { earningsEntries, itemEntitlementCount, startCheckout, walletState } from './test-helpers';

/*
 * The Stripe provider end to end: the app's routes, the real `stripe` SDK, and a local server
 * speaking Stripe's protocol on 127.0.0.1 (server/test/fakes/stripe.ts). Webhooks are signed with the SDK's
 * own test-header helper.
 */

let fake: FakeStripe;
let t: TestApp;
let creator: TestUser;
let fan: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeEnv(fake) });
  creator = await createUser(t, { role: 'creator' });
  fan = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Delivery = { payload: string; signature: string };

const deliver = (event: Delivery, signature: string | null = event.signature) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: event.payload,
  });

const retrieve = (sessionId: string, who: TestUser = fan) =>
  t.app.inject({ url: `/v1/billing/retrieve-checkout-session/${sessionId}`, headers: who.auth });

/** A fan's checkout of a fresh item, paid on Stripe's hosted page (not yet known to the app). */
async function paidItemCheckout(priceCents = 999) {
  const item = await createItem(t, creator, { priceCents });
  const { id } = await startCheckout(t, fan, {
    tier: item.title,
    price: (priceCents / 100).toFixed(2),
    productId: item.id,
  });
  const session = fake.pay(id, { email: 'payer@example.test' });
  return { item, id, completed: fake.event('checkout.session.completed', { ...session }) };
}

async function grantsOf(itemId: number) {
  const sales = (await earningsEntries(t, creator.user.id)).filter((e) => e.itemId === itemId);
  const [row] = await t.db.select().from(items).where(eq(items.id, itemId));
  return {
    entitlements: await itemEntitlementCount(t, fan.user.id, itemId),
    earnings: sales.length,
    salesCount: row?.salesCount,
  };
}

describe('Stripe Checkout through the SDK', () => {
  it('creates a payment-mode session at the server price, with our metadata and return URLs', async () => {
    const item = await createItem(t, creator, { priceCents: 1250, title: 'Tape hiss' });
    const before = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: item.title, price: '12,50 €', productId: item.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'stripe' });
    expect(body.id).toMatch(/^cs_test_/);
    expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.id}`);

    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/checkout/sessions');
    const session = fake.sessions.get(body.id);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 1250,
      currency: 'eur',
      customer_email: fan.user.email,
      success_url: 'https://aura.example.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://aura.example.test/cancel',
      metadata: { userId: fan.user.id, kind: 'item', itemId: String(item.id) },
      lineItem: { name: 'Tape hiss', unitAmount: 1250, currency: 'eur', interval: null },
    });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, body.id));
    expect(row).toMatchObject({ provider: 'stripe', userId: fan.user.id, amountCents: 1250 });
  });

  it('never asks Stripe to charge a tampered price', async () => {
    const item = await createItem(t, creator, { priceCents: 999 });
    const before = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: item.title, price: 0.5, productId: item.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'priceMismatch' });
    expect(fake.requests.length).toBe(before);
  });

  it('hands the web the publishable key from configuration', async () => {
    const res = await t.app.inject({ url: '/api/v1/billing/config' });
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_fake_from_config',
    });
  });

  it('has no local hosted checkout', async () => {
    const { id } = await paidItemCheckout();
    expect((await t.app.inject({ url: `/api/v1/billing/local-checkout/${id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /v1/billing/webhook', () => {
  it('refuses a missing, forged or stale signature and a tampered body, changing nothing', async () => {
    const { item, id, completed } = await paidItemCheckout();
    const tampered = {
      payload: completed.payload.replace('"amount_total":999', '"amount_total":1'),
      signature: completed.signature,
    };
    // Signed correctly, but an hour ago: outside the SDK's replay tolerance.
    const stale = fake.sign(completed.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const attempts = [
      deliver(completed, null),
      deliver(completed, 'garbage'),
      deliver(completed, fake.sign(completed.payload, { secret: 'whsec_other' })),
      deliver(tampered),
      deliver(completed, stale),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/signature/i);
    }
    expect(await grantsOf(item.id)).toEqual({ entitlements: 0, earnings: 0, salesCount: 0 });
    const events = await t.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, completed.id));
    expect(events).toHaveLength(0);
    const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row?.fulfilledAt).toBeNull();
  });

  it('fulfils a paid session once however often the event is delivered', async () => {
    const { item, id, completed } = await paidItemCheckout();
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    for (let i = 0; i < 3; i += 1) {
      const replay = await deliver(completed);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
    }
    // A second, different event about the same payment is not a second payment.
    const again = fake.event('checkout.session.async_payment_succeeded', { id });
    expect((await deliver(again)).json()).toEqual({ received: true, duplicate: false });

    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
    const [sale] = (await earningsEntries(t, creator.user.id)).filter((e) => e.itemId === item.id);
    expect(sale).toMatchObject({ kind: 'sale', grossCents: 999, amountCents: 899 });
    // Issue 16: exactly one receipt to the fan and one notice to the creator, with the amount,
    // the item and an absolute link, however often the webhook came.
    const about = <M extends { text: string }>(mails: M[]) =>
      mails.filter((m) => m.text.includes(item.title));
    const receipts = about(await mailsTo(t, fan.user.email));
    expect(receipts.map((m) => m.template)).toEqual(['sale-receipt']);
    expect(receipts[0]!.text).toContain('€9.99');
    expect(receipts[0]!.text).toContain(`${t.config.publicUrl}/product/${item.id}`);
    expect(about(await mailsTo(t, creator.user.email)).map((m) => m.template)).toEqual([
      'sale-notice',
    ]);

    const session = await retrieve(id);
    expect(session.json()).toMatchObject({
      id,
      status: 'complete',
      payment_status: 'paid',
      fulfilled: true,
      metadata: { productId: String(item.id) },
      customer_details: { email: 'payer@example.test' },
      amount_total: 999,
      currency: 'eur',
      payment_method_types: ['card'],
      product: { id: item.id, isPurchased: true },
    });
  });

  it('is fulfilled by the success page when that comes first; the late webhook changes nothing', async () => {
    const { item, id, completed } = await paidItemCheckout(450);
    const page = await retrieve(id);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ fulfilled: true, product: { isPurchased: true } });
    expect(page.json().product.videoUrl).toBeTruthy();
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });

    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: false });
    expect((await retrieve(id)).statusCode).toBe(200);
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
  });

  it('webhook and success-page retrievals racing grant one entitlement and one earnings entry', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { item, id, completed } = await paidItemCheckout(300 + round);
      const answers = await Promise.all([
        deliver(completed),
        retrieve(id),
        deliver(completed),
        retrieve(id),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
    }
  });

  it('fulfils from the metadata when the event arrives before our own record of the session', async () => {
    const item = await createItem(t, creator, { priceCents: 700 });
    // The session exists at Stripe only (e.g. the process stopped right after creating it).
    const adapter = createStripeProvider({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    const created = await adapter.createCheckoutSession({
      line: { name: item.title, amountCents: 700, currency: 'eur', interval: null },
      customerEmail: null,
      metadata: { userId: fan.user.id, kind: 'item', itemId: String(item.id), label: item.title },
      successUrl: 'https://aura.example.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://aura.example.test/cancel',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const session = fake.pay(created.id);
    expect(
      (await deliver(fake.event('checkout.session.completed', { ...session }))).json(),
    ).toEqual({ received: true, duplicate: false });
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
    const read = await retrieve(created.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ fulfilled: true, amount_total: 700 });
  });

  it('grants nothing for a completed but unpaid session until the delayed payment succeeds', async () => {
    const item = await createItem(t, creator, { priceCents: 650 });
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 6.5,
      productId: item.id,
    });
    const session = fake.pay(id, { paymentStatus: 'unpaid' });
    expect(
      (await deliver(fake.event('checkout.session.completed', { ...session }))).statusCode,
    ).toBe(200);
    expect(await grantsOf(item.id)).toEqual({ entitlements: 0, earnings: 0, salesCount: 0 });
    expect((await retrieve(id)).json()).toMatchObject({
      fulfilled: false,
      payment_status: 'unpaid',
    });

    session.payment_status = 'paid';
    await deliver(fake.event('checkout.session.async_payment_succeeded', { id }));
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
  });

  it('does not grant a session Stripe reports for another amount than our price', async () => {
    const item = await createItem(t, creator, { priceCents: 2000 });
    const { id } = await startCheckout(t, fan, { tier: item.title, price: 20, productId: item.id });
    fake.pay(id, { amountTotal: 100 });
    expect((await deliver(fake.event('checkout.session.completed', { id }))).statusCode).toBe(200);
    expect((await retrieve(id)).json()).toMatchObject({ fulfilled: false });
    expect(await grantsOf(item.id)).toEqual({ entitlements: 0, earnings: 0, salesCount: 0 });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'checkout.amount_mismatch'), eq(auditEvents.subjectId, id)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toMatchObject({ expected: 2000, paid: 100 });
  });

  it('marks an expired session expired', async () => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const session = fake.sessions.get(id);
    if (!session) throw new Error('session missing at the fake');
    session.status = 'expired';
    session.url = null;
    await deliver(fake.event('checkout.session.expired', { id }));
    expect((await retrieve(id)).json()).toMatchObject({ status: 'expired', fulfilled: false });
  });

  it('tops the balance up once', async () => {
    const buyer = await createUser(t);
    const { id } = await startCheckout(t, buyer, { tier: 'topup', price: '25' });
    expect(fake.sessions.get(id)).toMatchObject({ mode: 'payment', amount_total: 2500 });
    const session = fake.pay(id);
    const event = fake.event('checkout.session.completed', { ...session });
    await Promise.all([deliver(event), deliver(event), retrieve(id, buyer)]);
    expect(await walletState(t, buyer.user.id)).toEqual({
      balanceCents: 2500,
      ledgerSumCents: 2500,
    });
    expect((await retrieve(id, buyer)).json()).toMatchObject({ walletBalanceCents: 2500 });
  });

  it('ignores event types it does not handle, once', async () => {
    const event = fake.event('charge.refund.updated', { id: 're_test_1' });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
  });

  it('answers 502 while Stripe is down, stores nothing, and a redelivery then succeeds', async () => {
    const { item, id, completed } = await paidItemCheckout(820);
    const other = await createItem(t, creator, { priceCents: 500 });
    fake.failing = true;
    try {
      const create = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/create-checkout-session',
        headers: fan.auth,
        payload: { tier: other.title, price: 5, productId: other.id },
      });
      expect(create.statusCode).toBe(502);
      expect(create.json().error).toMatch(/payment provider/);
      const stored = await t.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.itemId, other.id));
      expect(stored).toHaveLength(0);
      expect((await retrieve(id)).statusCode).toBe(502);
      // Stripe retries a delivery that did not get a 2xx; nothing was recorded for it.
      expect((await deliver(completed)).statusCode).toBe(502);
      expect(await grantsOf(item.id)).toEqual({ entitlements: 0, earnings: 0, salesCount: 0 });
    } finally {
      fake.failing = false;
    }
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: false });
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
  });

  it("does not show another user's session nor ask Stripe about it", async () => {
    const { id } = await paidItemCheckout();
    const stranger = await createUser(t);
    const before = fake.requests.length;
    const res = await retrieve(id, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBeTruthy();
    expect(fake.requests.length).toBe(before);
  });
});

describe('pay what you want through Stripe (issue 43)', () => {
  it("asks Stripe to charge the fan's amount and books it once however often the event comes", async () => {
    const item = await createItem(t, creator, {
      priceCents: 200,
      pwyw: { minPriceCents: 200, suggestedPriceCents: 500 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: item.title, productId: item.id, amount: 1750 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    expect(fake.sessions.get(id)).toMatchObject({
      amount_total: 1750,
      lineItem: { unitAmount: 1750, currency: 'eur' },
    });
    const completed = fake.event('checkout.session.completed', { ...fake.pay(id) });
    for (let i = 0; i < 3; i += 1) expect((await deliver(completed)).statusCode).toBe(200);
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
    const [sale] = (await earningsEntries(t, creator.user.id)).filter((e) => e.itemId === item.id);
    expect(sale).toMatchObject({ kind: 'sale', grossCents: 1750, amountCents: 1575 });
  });

  it('never asks Stripe to charge below the minimum', async () => {
    const item = await createItem(t, creator, {
      priceCents: 200,
      pwyw: { minPriceCents: 200, suggestedPriceCents: 500 },
    });
    const before = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: item.title, productId: item.id, amount: 199 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('amount_below_minimum');
    expect(fake.requests.length).toBe(before);
  });
});

describe('discount codes on Stripe (issue 43)', () => {
  const makeCode = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creator/discounts',
      headers: creator.auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string };
  };
  const redemptionsOf = async (id: string) =>
    (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]?.redemptions;

  it("asks Stripe for the server's discounted price and books the sale at it once", async () => {
    const item = await createItem(t, creator, { priceCents: 1999 });
    const code = await makeCode({ code: `STRIPE${Date.now() % 100000}`, percentOff: 30 });
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      productId: item.id,
      discountCode: code.code.toLowerCase(),
    });
    // 30 % of 19.99 is 5.997: 5.99 off, 14.00 charged.
    expect(fake.sessions.get(id)).toMatchObject({
      amount_total: 1400,
      lineItem: { unitAmount: 1400, currency: 'eur' },
    });
    expect(fake.sessions.get(id)?.metadata).toMatchObject({ discountCode: code.code });
    const completed = fake.event('checkout.session.completed', { ...fake.pay(id) });
    for (let i = 0; i < 3; i += 1) expect((await deliver(completed)).statusCode).toBe(200);
    expect(await grantsOf(item.id)).toEqual({ entitlements: 1, earnings: 1, salesCount: 1 });
    const [sale] = (await earningsEntries(t, creator.user.id)).filter((e) => e.itemId === item.id);
    expect(sale).toMatchObject({ kind: 'sale', grossCents: 1400 });
    expect(await redemptionsOf(code.id)).toBe(1);
  });

  it('an expired Stripe session gives its redemption back', async () => {
    const item = await createItem(t, creator, { priceCents: 1000 });
    const code = await makeCode({
      code: `ONCE${Date.now() % 100000}`,
      amountOffCents: 200,
      maxRedemptions: 1,
    });
    const buyer = await createUser(t);
    const { id } = await startCheckout(t, buyer, {
      tier: item.title,
      productId: item.id,
      discountCode: code.code,
    });
    expect(fake.sessions.get(id)).toMatchObject({ amount_total: 800 });
    expect(await redemptionsOf(code.id)).toBe(1);
    const session = fake.sessions.get(id);
    if (!session) throw new Error('session missing at the fake');
    session.status = 'expired';
    session.url = null;
    await deliver(fake.event('checkout.session.expired', { id }));
    expect(await redemptionsOf(code.id)).toBe(0);
  });

  it('takes a membership code off the first period only, as a one-time Stripe coupon', async () => {
    const code = await makeCode({
      code: `MEMBER${Date.now() % 100000}`,
      percentOff: 50,
      appliesTo: { tiers: ['Hypr'] },
    });
    const member = await createUser(t);
    const { id } = await startCheckout(t, member, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
      discountCode: code.code,
    });
    // The recurring price stays the tier's; the coupon takes $2.50 off the first invoice once.
    const session = fake.sessions.get(id);
    expect(session).toMatchObject({
      amount_total: 250,
      lineItem: { unitAmount: 500, interval: 'month' },
      coupon: { amount_off: 250, currency: 'usd', duration: 'once', max_redemptions: 1 },
    });
    expect(session?.coupon?.name).toBe(code.code);
    const completed = fake.event('checkout.session.completed', { ...fake.pay(id) });
    for (let i = 0; i < 2; i += 1) expect((await deliver(completed)).statusCode).toBe(200);
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, fake.sessions.get(id)?.subscription ?? ''));
    expect(sub).toMatchObject({ tier: 'Hypr', priceCents: 500 });
    const first = (await earningsEntries(t, creator.user.id)).filter(
      (e) => e.subscriptionId === sub?.id,
    );
    expect(first.map((e) => e.grossCents)).toEqual([250]);
    expect(
      fake.subscriptions.get(sub?.providerSubscriptionId ?? '')?.items.data[0]?.price,
    ).toMatchObject({
      unit_amount: 500,
    });
    expect(await redemptionsOf(code.id)).toBe(1);
  });
});
