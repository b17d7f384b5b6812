import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, items } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { mediaPath, teaserKeyOf } from '../media/index';
import { salesByItem } from './item-sales.read-model';
import {
  earningsEntries,
  itemEntitlementCount,
  payLocal,
  startCheckout,
  TEST_CARD_DECLINED,
  walletState,
} from './test-helpers';

let t: TestApp;
let creator: TestUser;
let fan: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t, { role: 'creator' });
  fan = await createUser(t);
});
afterAll(async () => t.close());

describe('POST /v1/billing/create-checkout-session', () => {
  it('needs a signed-in buyer', async () => {
    const item = await createItem(t, creator);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      payload: { tier: item.title, price: 9.99, productId: item.id },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTruthy();
  });

  it('refuses a tampered price and stores nothing', async () => {
    const item = await createItem(t, creator, { priceCents: 999 });
    for (const price of [0.01, '1.00', 9.98, '10,00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/create-checkout-session',
        headers: fan.auth,
        payload: { tier: item.title, price, productId: item.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'priceMismatch', field: 'price' });
      expect(res.json().error).toContain('€9.99');
    }
    const stored = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.itemId, item.id));
    expect(stored).toHaveLength(0);
  });

  it('accepts the price as a person types it and charges the server price', async () => {
    const item = await createItem(t, creator, { priceCents: 1500 });
    for (const price of [15, '15.00', '15,00 €']) {
      const session = await startCheckout(t, fan, { tier: item.title, price, productId: item.id });
      expect(session.id).toMatch(/^cs_local_/);
      expect(session.url).toBe(`/pay/${session.id}`);
      const [row] = await t.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, session.id));
      expect(row).toMatchObject({ amountCents: 1500, currency: 'eur', userId: fan.user.id });
    }
  });

  it("charges the server's price when the web names only the item (no price sent back)", async () => {
    const item = await createItem(t, creator, { priceCents: 450 });
    const session = await startCheckout(t, fan, { tier: item.title, productId: item.id });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({ amountCents: 450, currency: 'eur', itemId: item.id });
    const creatorsTier = await startCheckout(t, fan, { tier: 'Hypr', creatorId: creator.user.id });
    const [membership] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, creatorsTier.id));
    expect(membership).toMatchObject({ amountCents: 500, currency: 'usd', kind: 'subscription' });
  });

  it('tops the balance up by the cents asked for', async () => {
    const session = await startCheckout(t, fan, { tier: 'topup', priceCents: 1234 });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({ amountCents: 1234, currency: 'eur', kind: 'topup' });
  });

  it.each([
    [{ tier: 'topup' }, 400],
    [{ tier: 'topup', priceCents: 99 }, 400],
    [{ tier: 'topup', priceCents: 12.5 }, 400],
    [{ tier: 'topup', priceCents: '1234' }, 400],
    [{ tier: 'x', priceCents: -1, productId: 1 }, 400],
    [{ price: 9.99, productId: 1 }, 400],
    [{ tier: '', price: 9.99, productId: 1 }, 400],
    [{ tier: 'x', price: 'nine', productId: 1 }, 400],
    [{ tier: 'x', price: -1, productId: 1 }, 400],
    [{ tier: 'x', price: 9.999, productId: 1 }, 400],
    [{ tier: 'x', price: 9.99, productId: 'abc' }, 400],
    [{ tier: 'x', price: 9.99, productId: 0 }, 400],
    [{ tier: 'x', price: 9.99 }, 400],
    [{ tier: 'x', price: 9.99, productId: 987654321 }, 404],
    [{ tier: 'topup', price: 0.5 }, 400],
    [{ tier: 'topup', price: 500.01 }, 400],
    [{ tier: 'Aura', price: 0, productId: 1 }, 400],
    [{ tier: 'Hypr', price: 5 }, 400],
    [{ tier: 'Hypr', price: 5, creatorId: 'not-a-uuid' }, 400],
    [{ tier: 'Hypr', price: 5, creatorId: '00000000-0000-4000-8000-000000000000' }, 404],
  ])('answers bad input %j with %i and {error}', async (payload, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().error).toBe('string');
  });

  it('refuses buying your own item, a free item, a members-only item and one already owned', async () => {
    const own = await createItem(t, fan, { priceCents: 500 });
    const free = await createItem(t, creator, { priceCents: 0 });
    const membersOnly = await createItem(t, creator, {
      priceCents: 0,
      tierRequired: 'Hypr',
    });
    const cases = [
      [own, 400],
      [free, 400],
      [membersOnly, 400],
    ] as const;
    for (const [item, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/create-checkout-session',
        headers: fan.auth,
        payload: { tier: item.title, price: item.priceCents / 100, productId: item.id },
      });
      expect(res.statusCode).toBe(status);
    }
    const owned = await createItem(t, creator, { priceCents: 300 });
    const { id } = await startCheckout(t, fan, {
      tier: owned.title,
      price: 3,
      productId: owned.id,
    });
    expect((await payLocal(t, id)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: owned.title, price: 3, productId: owned.id },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('local hosted checkout', () => {
  it('shows the session summary to the checkout page', async () => {
    const item = await createItem(t, creator, { priceCents: 750, title: 'Sunset pack' });
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 7.5,
      productId: item.id,
    });
    const res = await t.app.inject({
      url: `/api/v1/billing/local-checkout/${id}`,
      headers: fan.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'open',
      mode: 'payment',
      kind: 'item',
      description: 'Sunset pack',
      amountTotal: 750,
      currency: 'eur',
      customerEmail: fan.user.email,
      merchantName: creator.user.username,
      cancelUrl: `/cancel?session_id=${id}`,
    });
    // Issue 18: the id travels in URLs; the buyer's e-mail goes to the signed-in buyer alone.
    const stranger = await createUser(t);
    for (const headers of [{}, stranger.auth, creator.auth, { authorization: 'Bearer nonsense' }]) {
      const other = await t.app.inject({ url: `/api/v1/billing/local-checkout/${id}`, headers });
      expect(other.statusCode).toBe(200);
      expect(other.json().customerEmail).toBeNull();
      expect(other.body).not.toContain(fan.user.email);
    }
    const missing = await t.app.inject({ url: '/api/v1/billing/local-checkout/cs_local_nope' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/v1/billing/local-checkout/%20bad%20id' });
    expect(bad.statusCode).toBe(400);
  });

  it('pays with 4242, grants once, credits the creator minus the fee and counts the sale', async () => {
    const item = await createItem(t, creator, { priceCents: 999 });
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const paid = await payLocal(t, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: `/success?session_id=${id}` });

    const session = await t.app.inject({
      url: `/v1/billing/retrieve-checkout-session/${id}`,
      headers: fan.auth,
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { productId: String(item.id), kind: 'item' },
      customer_details: { email: 'fan@example.test' },
      amount_total: 999,
      currency: 'eur',
      payment_method_types: ['card'],
      fulfilled: true,
      product: {
        id: item.id,
        title: item.title,
        isPurchased: true,
        userName: creator.user.username,
      },
    });
    // Paid media go out as short-lived signed URLs (the media module checks them).
    expect(session.json().product.videoUrl).toMatch(
      new RegExp(`^${mediaPath(item.videoKey!)}\\?exp=\\d+&sig=[\\w-]+$`),
    );
    expect(session.json().product.imageUrl).toMatch(
      new RegExp(`^${mediaPath(item.imageKey!)}\\?exp=`),
    );

    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    const earnings = (await earningsEntries(t, creator.user.id)).filter(
      (e) => e.checkoutSessionId === id,
    );
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({ amountCents: 899, grossCents: 999, kind: 'sale' });
    const [after] = await t.db.select().from(items).where(eq(items.id, item.id));
    expect(after?.salesCount).toBe(1);

    const again = await payLocal(t, id);
    expect(again.statusCode).toBe(409);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
  });

  it('declines 4000 0000 0000 0002 with the provider message and grants nothing', async () => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const res = await payLocal(t, id, TEST_CARD_DECLINED);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'Your card was declined.',
      field: 'cardNumber',
      code: 'card_declined',
    });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
    const summary = await t.app.inject({ url: `/api/v1/billing/local-checkout/${id}` });
    expect(summary.json().status).toBe('open');
    // The payer may try another card on the same session.
    expect((await payLocal(t, id)).statusCode).toBe(200);
  });

  it.each([
    ['4242 4242 4242 4241', 'cardNumber', 'Your card number is invalid.'],
    ['1234 5678 9012 3456', 'cardNumber', 'Your card number is invalid.'],
    ['4242', 'cardNumber', 'Your card number is invalid.'],
    ['abcd efgh ijkl mnop', 'cardNumber', 'Your card number is invalid.'],
  ])('fails the Luhn check for %s', async (cardNumber, field, message) => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const res = await payLocal(t, id, cardNumber);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, field });
  });

  it.each([
    [{ expiry: '13/30' }, 400, 'expiry'],
    [{ expiry: '01/20' }, 400, 'expiry'],
    [{ cvc: '12' }, 400, 'cvc'],
    [{ email: 'not-an-email' }, 400, 'email'],
    [{ cardNumber: '' }, 400, 'cardNumber'],
  ])('refuses bad card input %j', async (extra, status, field) => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const res = await payLocal(t, id, '4242424242424242', extra);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
  });

  it('cancels: the session can no longer be paid', async () => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/local-checkout/${id}/cancel`,
    });
    expect(res.json()).toEqual({ redirectUrl: `/cancel?session_id=${id}` });
    expect((await payLocal(t, id)).statusCode).toBe(410);
  });

  it('refunds to the balance when two checkouts of one item are both paid', async () => {
    const buyer = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 400 });
    const body = { tier: item.title, price: 4, productId: item.id };
    const first = await startCheckout(t, buyer, body);
    const second = await startCheckout(t, buyer, body);
    expect((await payLocal(t, first.id)).statusCode).toBe(200);
    expect((await payLocal(t, second.id)).statusCode).toBe(200);
    expect(await itemEntitlementCount(t, buyer.user.id, item.id)).toBe(1);
    expect(await walletState(t, buyer.user.id)).toEqual({ balanceCents: 400, ledgerSumCents: 400 });
    const sales = (await earningsEntries(t, creator.user.id)).filter((e) => e.itemId === item.id);
    expect(sales).toHaveLength(1);
  });
});

describe('admin sales figures', () => {
  it('come from the sale entries of the ledger, not from a counter', async () => {
    const item = await createItem(t, creator, { priceCents: 1234 });
    const body = { tier: item.title, price: 12.34, productId: item.id };
    const [a, b] = [await createUser(t), await createUser(t)];
    const first = await startCheckout(t, a, body);
    // Opened before the first was paid: this second payment is refunded to a's balance.
    const doubled = await startCheckout(t, a, body);
    const other = await startCheckout(t, b, body);
    for (const { id } of [first, doubled, other]) {
      expect((await payLocal(t, id)).statusCode).toBe(200);
    }
    expect(await walletState(t, a.user.id)).toEqual({ balanceCents: 1234, ledgerSumCents: 1234 });
    await t.db.update(items).set({ salesCount: 99 }).where(eq(items.id, item.id));

    const row = (await salesByItem(t.db, 1000)).find((r) => r.itemId === item.id);
    expect(row).toEqual({
      itemId: item.id,
      title: item.title,
      creatorId: creator.user.id,
      salesCount: 2,
      revenueCents: 2468,
      refundedCents: 0,
      currency: 'eur',
    });
  });
});

describe('GET /v1/billing/retrieve-checkout-session/{id}', () => {
  it('is read only by the buyer or an admin', async () => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const other = await createUser(t);
    const refused = await t.app.inject({
      url: `/v1/billing/retrieve-checkout-session/${id}`,
      headers: other.auth,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBeTruthy();
    const anonymous = await t.app.inject({ url: `/v1/billing/retrieve-checkout-session/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const admin = await createUser(t, { role: 'admin' });
    const ok = await t.app.inject({
      url: `/v1/billing/retrieve-checkout-session/${id}`,
      headers: admin.auth,
    });
    expect(ok.statusCode).toBe(200);
    const missing = await t.app.inject({
      url: '/v1/billing/retrieve-checkout-session/cs_local_missing',
      headers: fan.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('hides the media of an unpaid session', async () => {
    const item = await createItem(t, creator);
    const { id } = await startCheckout(t, fan, {
      tier: item.title,
      price: 9.99,
      productId: item.id,
    });
    const res = await t.app.inject({
      url: `/v1/billing/retrieve-checkout-session/${id}`,
      headers: fan.auth,
    });
    expect(res.json()).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      fulfilled: false,
      product: { isPurchased: false, videoUrl: null },
    });
    // Only the blurred teaser until paid, never the preview (media/item-urls.ts).
    expect(res.json().product.imageUrl).toBe(mediaPath(teaserKeyOf(item.imagePreviewKey!)));
  });

  it('answers the webhook path with 404 under the local provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBeTruthy();
  });

  it('tells the web which provider runs', async () => {
    const res = await t.app.inject({ url: '/api/v1/billing/config' });
    expect(res.json()).toMatchObject({
      provider: 'local',
      publishableKey: null,
      platformFeePercent: 10,
      tiers: { Hypr: { priceCents: 500 }, HyprSoul: { priceCents: 1500 } },
    });
  });
});
