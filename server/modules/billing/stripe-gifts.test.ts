import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, gifts, ledgerEntries, paymentRefunds } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fakes/stripe';
import { createUser, type TestUser } from '../../test/factories';
import { startCheckout } from './test-helpers';

/*
 * Gifts (issue 43) through Stripe: a payment-mode session (never a subscription) at the
 * server's price; a webhook that arrives before our row rebuilds the gift from the session's
 * metadata, once; the giver's refund after 30 days refunds the card at Stripe once.
 */

let fake: FakeStripe;
let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeEnv(fake) });
  creator = await createUser(t, { role: 'creator' });
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

describe('a gift paid at Stripe', () => {
  it('is a one-off payment, booked once from the webhook, and refunded at Stripe once', async () => {
    const giver = await createUser(t);
    const email = `${uniqueName('friend_')}@example.test`.toLowerCase();
    const { id } = await startCheckout(t, giver, {
      tier: 'HyprSoul',
      creatorId: creator.user.id,
      gift: { email, message: 'For the long nights', months: 12 },
    });
    const session = fake.sessions.get(id);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 18_000,
      currency: 'usd',
      metadata: { kind: 'gift', giftEmail: email, giftMonths: '12' },
      lineItem: { interval: null },
    });

    // The webhook comes before our row (e.g. a lost write): the gift is rebuilt from metadata.
    await t.db.delete(checkoutSessions).where(eq(checkoutSessions.id, id));
    const paid = fake.pay(id, { email: 'payer@example.test' });
    const completed = fake.event('checkout.session.completed', { ...paid });
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);
    const rows = await t.db.select().from(gifts).where(eq(gifts.checkoutSessionId, id));
    expect(rows).toHaveLength(1);
    const gift = rows[0]!;
    expect(gift).toMatchObject({
      giverId: giver.user.id,
      recipientEmail: email,
      message: 'For the long nights',
      tier: 'HyprSoul',
      months: 12,
      amountCents: 18_000,
    });
    const earnings = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, gift.paymentRef));
    expect(earnings).toHaveLength(1);

    await t.db
      .update(gifts)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(gifts.id, gift.id));
    const before = fake.refunds.size;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/gifts/${gift.id}/refund`,
      headers: giver.auth,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().gift).toMatchObject({ refundedAt: expect.any(String) });
    expect(fake.refunds.size).toBe(before + 1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/gifts/${gift.id}/refund`,
      headers: giver.auth,
    });
    expect(again.statusCode).toBe(409);
    expect(fake.refunds.size).toBe(before + 1);
    const booked = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.transactionId, earnings[0]!.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ amountCents: 18_000 });
  });
});
