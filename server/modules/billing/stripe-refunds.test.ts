import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, ledgerEntries, paymentRefunds, subscriptions } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fakes/stripe';
import { payableBalances } from './index';
import { itemEntitlementCount, startCheckout } from './test-helpers';

/*
 * Refunds and disputes of card payments through Stripe (issue 43): the real SDK against the
 * Stripe stand-in (server/test/fakes/stripe.ts). An admin's refund is made at Stripe; Stripe's
 * `charge.refunded` (for that refund, or one made in its dashboard) and `charge.dispute.*` are
 * booked once each, whatever order and however often they arrive.
 */

let fake: FakeStripe;
let t: TestApp;
let admin: TestUser;
let creator: TestUser;
let fan: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeEnv(fake) });
  admin = await createUser(t, { role: 'admin' });
  creator = await createUser(t, { role: 'creator' });
  fan = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.onRefundCreated = null;
});

type Delivery = { payload: string; signature: string };

const deliver = (event: Delivery) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });

/** A Stripe item sale fulfilled by its webhook: the item, its PaymentIntent and transaction id. */
async function stripeSale(priceCents = 1000) {
  const item = await createItem(t, creator, { priceCents });
  const { id } = await startCheckout(t, fan, {
    tier: item.title,
    price: (priceCents / 100).toFixed(2),
    productId: item.id,
  });
  const session = fake.pay(id, { email: 'payer@example.test' });
  expect((await deliver(fake.event('checkout.session.completed', { ...session }))).statusCode).toBe(
    200,
  );
  const res = await t.app.inject({
    url: `/api/v1/admin/transactions?itemId=${item.id}`,
    headers: admin.auth,
  });
  const [transaction] = res.json().transactions;
  expect(transaction).toMatchObject({ provider: 'stripe', amountCents: priceCents });
  return {
    item,
    paymentIntentId: session.payment_intent!,
    transactionId: transaction.id as number,
  };
}

const refund = (id: number, body: Record<string, unknown> = {}, key = uniqueName('refund-')) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/sales/${id}/refund`,
    headers: { ...admin.auth, 'idempotency-key': key },
    payload: body,
  });

const chargeRefunded = (paymentIntentId: string) =>
  fake.event('charge.refunded', { ...fake.chargeOf(paymentIntentId) });

async function bookedOf(transactionId: number) {
  const refunds = await t.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.transactionId, transactionId));
  const [earnings] = await t.db
    .select({ net: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        sql`(${ledgerEntries.id} = ${transactionId} or ${ledgerEntries.ref} in
          (select 'refund:' || r.id from payment_refunds r where r.transaction_id = ${transactionId}))`,
      ),
    );
  const events = await t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'payment.refunded'),
        eq(auditEvents.subjectId, String(transactionId)),
      ),
    );
  return {
    refunds: refunds.map((r) => [r.cause, r.amountCents]),
    net: earnings!.net,
    events: events.length,
  };
}

const stripeRefundCalls = () =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;

describe('refunds through Stripe', () => {
  it('refunds at Stripe once per key; the charge.refunded that follows books nothing again', async () => {
    const { item, paymentIntentId, transactionId } = await stripeSale(1000);
    const before = stripeRefundCalls();
    const key = uniqueName('refund-');
    const res = await refund(transactionId, {}, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ refundState: 'refunded', refundedCents: 1000 });
    expect(fake.chargeOf(paymentIntentId)).toMatchObject({ amount_refunded: 1000, refunded: true });
    expect(stripeRefundCalls() - before).toBe(1);
    expect(fake.requests.at(-1)?.form.get('amount')).toBe('1000');

    const again = await refund(transactionId, {}, key);
    expect(again.json()).toMatchObject({ replayed: true });
    const webhook = chargeRefunded(paymentIntentId);
    expect((await deliver(webhook)).statusCode).toBe(200);
    expect((await deliver(webhook)).json()).toMatchObject({ duplicate: true });
    expect((await deliver(chargeRefunded(paymentIntentId))).statusCode).toBe(200);

    expect(await bookedOf(transactionId)).toEqual({
      refunds: [['refund', 1000]],
      net: 0,
      events: 1,
    });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
  });

  it('books the refund once when charge.refunded overtakes the admin’s own call', async () => {
    const { paymentIntentId, transactionId } = await stripeSale(1200);
    fake.onRefundCreated = async () => {
      const res = await deliver(chargeRefunded(paymentIntentId));
      expect(res.statusCode, res.body).toBe(200);
    };
    const res = await refund(transactionId, { amountCents: 500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      replayed: false,
      refund: { amountCents: 500 },
      transaction: { refundState: 'partial', refundedCents: 500 },
    });
    // 1200 gross, 1080 net: 500 back takes 450 of the creator's.
    expect(await bookedOf(transactionId)).toEqual({
      refunds: [['refund', 500]],
      net: 630,
      events: 1,
    });
  });

  it('books once when the admin’s refund and several charge.refunded race', async () => {
    const { item, paymentIntentId, transactionId } = await stripeSale(900);
    const charge = fake.chargeOf(paymentIntentId);
    const racers = await Promise.all([
      refund(transactionId),
      // Stripe sends the charge as it is when the refund lands; the handler reads the refunds.
      ...Array.from({ length: 3 }, () => deliver(fake.event('charge.refunded', { ...charge }))),
    ]);
    expect(racers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await deliver(chargeRefunded(paymentIntentId))).statusCode).toBe(200);
    expect(await bookedOf(transactionId)).toEqual({
      refunds: [['refund', 900]],
      net: 0,
      events: 1,
    });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
  });

  it('books a refund made in Stripe’s dashboard from its webhook alone', async () => {
    const { item, paymentIntentId, transactionId } = await stripeSale(800);
    fake.refund(paymentIntentId, 300);
    expect((await deliver(chargeRefunded(paymentIntentId))).statusCode).toBe(200);
    expect(await bookedOf(transactionId)).toEqual({
      refunds: [['refund', 300]],
      net: 450,
      events: 1,
    });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    // Asking for more than Stripe has left is refused before Stripe is asked.
    const before = stripeRefundCalls();
    const tooMuch = await refund(transactionId, { amountCents: 501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(stripeRefundCalls()).toBe(before);
  });
});

describe('disputes through Stripe', () => {
  const disputeEvent = (
    type: string,
    paymentIntentId: string,
    status: 'needs_response' | 'won' | 'lost',
    id?: string,
  ) => fake.event(type, { ...fake.dispute(paymentIntentId, status, id) });

  it('a lost dispute takes the earnings back once; replays and late events change nothing', async () => {
    const { item, paymentIntentId, transactionId } = await stripeSale(1000);
    const opened = disputeEvent('charge.dispute.created', paymentIntentId, 'needs_response');
    const disputeId = (JSON.parse(opened.payload) as { data: { object: { id: string } } }).data
      .object.id;
    expect((await deliver(opened)).statusCode).toBe(200);
    const state = async () =>
      (
        await t.app.inject({
          url: `/api/v1/admin/transactions?itemId=${item.id}`,
          headers: admin.auth,
        })
      ).json().transactions[0];
    expect(await state()).toMatchObject({ dispute: 'open', refundState: 'none' });

    const lost = disputeEvent('charge.dispute.closed', paymentIntentId, 'lost', disputeId);
    expect((await deliver(lost)).statusCode).toBe(200);
    expect((await deliver(lost)).json()).toMatchObject({ duplicate: true });
    // The created event delivered again, late, under a new id: the dispute stays lost.
    fake.disputes.get(disputeId)!.status = 'lost';
    expect(
      (await deliver(fake.event('charge.dispute.created', fake.disputes.get(disputeId)!)))
        .statusCode,
    ).toBe(200);
    expect(await state()).toMatchObject({
      dispute: 'lost',
      refundState: 'refunded',
      refundedCents: 1000,
    });
    expect(await bookedOf(transactionId)).toEqual({
      refunds: [['dispute', 1000]],
      net: 0,
      events: 1,
    });
    // Nothing is left to refund.
    expect((await refund(transactionId)).statusCode).toBe(409);
  });

  it('a won dispute moves no money; while it is open the creator’s share is held from payouts', async () => {
    const holder = await createUser(t, { role: 'creator' });
    const heldItem = await createItem(t, holder, { priceCents: 700 });
    const { id: sessionId } = await startCheckout(t, fan, {
      tier: heldItem.title,
      price: '7.00',
      productId: heldItem.id,
    });
    const paidSession = fake.pay(sessionId, { email: 'payer@example.test' });
    expect(
      (await deliver(fake.event('checkout.session.completed', { ...paidSession }))).statusCode,
    ).toBe(200);
    const payable = async () => (await payableBalances(t.db, [holder.user.id])).map((b) => b.cents);
    expect(await payable()).toEqual([630]);
    const held = disputeEvent(
      'charge.dispute.created',
      paidSession.payment_intent!,
      'needs_response',
    );
    const heldId = (JSON.parse(held.payload) as { data: { object: { id: string } } }).data.object
      .id;
    expect((await deliver(held)).statusCode).toBe(200);
    expect(await payable()).toEqual([]);
    const won = disputeEvent('charge.dispute.closed', paidSession.payment_intent!, 'won', heldId);
    expect((await deliver(won)).statusCode).toBe(200);
    expect(await payable()).toEqual([630]);

    const { item, paymentIntentId, transactionId } = await stripeSale(700);
    const opened = disputeEvent('charge.dispute.created', paymentIntentId, 'needs_response');
    const disputeId = (JSON.parse(opened.payload) as { data: { object: { id: string } } }).data
      .object.id;
    expect((await deliver(opened)).statusCode).toBe(200);
    expect(
      (await deliver(disputeEvent('charge.dispute.closed', paymentIntentId, 'won', disputeId)))
        .statusCode,
    ).toBe(200);
    expect(await bookedOf(transactionId)).toEqual({ refunds: [], net: 630, events: 0 });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    const [row] = (
      await t.app.inject({
        url: `/api/v1/admin/transactions?itemId=${item.id}`,
        headers: admin.auth,
      })
    ).json().transactions;
    expect(row).toMatchObject({ dispute: 'won', refundState: 'none' });
  });
});

describe('membership refunds through Stripe', () => {
  /** A Stripe membership started by its checkout's webhook: its subscription and transaction. */
  async function stripeMembership() {
    const seller = await createUser(t, { role: 'creator' });
    const member = await createUser(t);
    const { id } = await startCheckout(t, member, {
      tier: 'Hypr',
      price: 5,
      productId: seller.user.id,
    });
    const session = fake.pay(id);
    expect(
      (await deliver(fake.event('checkout.session.completed', { ...session }))).statusCode,
    ).toBe(200);
    const subId = session.subscription!;
    const [firstInvoice] = [...fake.invoices.values()].filter(
      (i) => i.parent.subscription_details.subscription === subId,
    );
    return { seller, member, subId, firstInvoice: firstInvoice!, session };
  }

  async function transactionsOf(seller: TestUser) {
    const res = await t.app.inject({
      url: `/api/v1/admin/transactions?creatorId=${seller.user.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().transactions as { id: number; kind: string; amountCents: number }[];
  }

  const isSubscribed = async (member: TestUser, seller: TestUser) =>
    (
      await t.app.inject({
        url: `/api/v1/billing/membership/${seller.user.id}`,
        headers: member.auth,
      })
    ).json().isSubscribed as boolean;

  const subscriptionStatus = async (subId: string) =>
    (
      await t.db
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, subId))
    )[0]?.status;

  const refundEvent = async (transactionId: number) =>
    (
      await t.db
        .select({ data: auditEvents.data })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'payment.refunded'),
            eq(auditEvents.subjectId, String(transactionId)),
          ),
        )
    ).map((e) => e.data);

  it('refunds the invoice’s payment at Stripe once and ends the membership at once', async () => {
    const { seller, member, subId, firstInvoice } = await stripeMembership();
    const [transaction] = await transactionsOf(seller);
    expect(transaction).toMatchObject({ kind: 'membership', provider: 'stripe', amountCents: 500 });
    expect(await isSubscribed(member, seller)).toBe(true);
    const paymentIntentId = fake.intentOfInvoice(firstInvoice.id);
    const before = stripeRefundCalls();
    const key = uniqueName('refund-');

    const res = await refund(transaction!.id, {}, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      replayed: false,
      refund: { amountCents: 500 },
      transaction: { refundState: 'refunded', refundedCents: 500 },
    });
    expect(stripeRefundCalls() - before).toBe(1);
    expect(fake.chargeOf(paymentIntentId)).toMatchObject({ amount_refunded: 500, refunded: true });
    // Ended at Stripe (no renewal charges the fan again) and here, at once.
    expect(fake.subscriptions.get(subId)?.status).toBe('canceled');
    expect(await subscriptionStatus(subId)).toBe('canceled');
    expect(await isSubscribed(member, seller)).toBe(false);
    // 500 gross, 450 net: the creator's 450 and the platform's 50 go back.
    expect(await bookedOf(transaction!.id)).toEqual({
      refunds: [['refund', 500]],
      net: 0,
      events: 1,
    });
    expect(await refundEvent(transaction!.id)).toEqual([
      expect.objectContaining({ netCents: 450, feeCents: 50, full: true, to: 'card' }),
    ]);

    // The double click, Stripe's charge.refunded and its subscription.deleted change nothing.
    const again = await refund(transaction!.id, {}, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, refund: { amountCents: 500 } });
    expect((await deliver(chargeRefunded(paymentIntentId))).statusCode).toBe(200);
    expect(
      (await deliver(fake.event('customer.subscription.deleted', fake.subscriptions.get(subId)!)))
        .statusCode,
    ).toBe(200);
    expect(stripeRefundCalls() - before).toBe(1);
    expect(await bookedOf(transaction!.id)).toEqual({
      refunds: [['refund', 500]],
      net: 0,
      events: 1,
    });
    expect(await subscriptionStatus(subId)).toBe('canceled');
    expect((await refund(transaction!.id)).statusCode).toBe(409);
  });

  it('a part of a renewal goes back in proportion; the membership runs on', async () => {
    const { seller, member, subId } = await stripeMembership();
    const renewal = fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_cycle' });
    expect((await deliver(fake.event('invoice.paid', renewal))).statusCode).toBe(200);
    const [latest, first] = await transactionsOf(seller);
    expect([latest?.amountCents, first?.amountCents]).toEqual([500, 500]);

    const res = await refund(latest!.id, { amountCents: 200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toMatchObject({ refundState: 'partial', refundedCents: 200 });
    const renewalIntent = fake.intentOfInvoice(renewal.id as string);
    expect(fake.chargeOf(renewalIntent)).toMatchObject({ amount_refunded: 200, refunded: false });
    // 200 of 500 takes back 180 of the creator's 450 (and 20 of the platform's 50).
    expect(await bookedOf(latest!.id)).toEqual({ refunds: [['refund', 200]], net: 270, events: 1 });
    expect(await refundEvent(latest!.id)).toEqual([
      expect.objectContaining({ netCents: 180, feeCents: 20, full: false }),
    ]);
    expect(fake.subscriptions.get(subId)?.status).toBe('active');
    expect(await subscriptionStatus(subId)).toBe('active');
    expect(await isSubscribed(member, seller)).toBe(true);
    expect(await bookedOf(first!.id)).toEqual({ refunds: [], net: 450, events: 0 });
  });

  it('books a membership refund made in Stripe’s dashboard, and a lost dispute, from their webhooks', async () => {
    const { seller, member, subId, firstInvoice } = await stripeMembership();
    const [transaction] = await transactionsOf(seller);
    const paymentIntentId = fake.intentOfInvoice(firstInvoice.id);
    fake.refund(paymentIntentId, 200);
    const refunded = chargeRefunded(paymentIntentId);
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect((await deliver(refunded)).json()).toMatchObject({ duplicate: true });
    expect((await deliver(chargeRefunded(paymentIntentId))).statusCode).toBe(200);
    expect(await bookedOf(transaction!.id)).toEqual({
      refunds: [['refund', 200]],
      net: 270,
      events: 1,
    });
    expect(await isSubscribed(member, seller)).toBe(true);

    // The rest is disputed and lost: the creator's share goes back, the membership ends here.
    const dispute = fake.dispute(paymentIntentId, 'lost');
    dispute.amount = 300;
    expect((await deliver(fake.event('charge.dispute.closed', { ...dispute }))).statusCode).toBe(
      200,
    );
    expect(await bookedOf(transaction!.id)).toEqual({
      refunds: [
        ['refund', 200],
        ['dispute', 300],
      ],
      net: 0,
      events: 2,
    });
    expect(await subscriptionStatus(subId)).toBe('canceled');
    expect(await isSubscribed(member, seller)).toBe(false);
    // Ended at Stripe too, once: a replay or a later event of the dispute asks Stripe no more.
    const cancels = () =>
      fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`)
        .length;
    expect(fake.subscriptions.get(subId)?.status).toBe('canceled');
    expect(cancels()).toBe(1);
    expect((await deliver(fake.event('charge.dispute.closed', { ...dispute }))).statusCode).toBe(
      200,
    );
    expect((await deliver(fake.event('charge.dispute.updated', { ...dispute }))).statusCode).toBe(
      200,
    );
    expect(cancels()).toBe(1);
    expect((await bookedOf(transaction!.id)).events).toBe(2);
  });

  it('refuses more than the membership payment left, before Stripe is asked', async () => {
    const { seller } = await stripeMembership();
    const [transaction] = await transactionsOf(seller);
    const before = fake.requests.length;
    const res = await refund(transaction!.id, { amountCents: 501 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'refund_exceeds_payment' });
    expect(fake.requests.length).toBe(before);
  });
});
