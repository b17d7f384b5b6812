import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PWYW_MAX_CENTS, pwywBounds } from '../../../common/rules/pay-what-you-want';
import { ItemDetail } from '../../../common/schemas/items';
import { checkoutSessions, items } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { mailsTo } from '../mail/test-helpers';
import { createMediaTestApp, uploadOk } from '../media/test-helpers';
import { createItemRequest, itemForm, publishItem } from '../items/test-helpers';
import {
  earningsEntries,
  itemEntitlementCount,
  payLocal,
  startCheckout,
  walletState,
} from './test-helpers';

/*
 * Pay what you want (issue 43): the item's terms through the create/edit form, and checkouts
 * that charge the fan's amount within the item's bounds, booked once at that amount.
 */

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createMediaTestApp();
  creator = await createUser(t, { role: 'creator' });
});
afterAll(() => t.close());

const checkout = (who: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/create-checkout-session',
    headers: who?.auth ?? {},
    payload,
  });

const sessionsOf = (itemId: number) =>
  t.db.select().from(checkoutSessions).where(eq(checkoutSessions.itemId, itemId));

const pwywItem = (minPriceCents: number, suggestedPriceCents: number) =>
  createItem(t, creator, {
    priceCents: pwywBounds(minPriceCents).minCents,
    pwyw: { minPriceCents, suggestedPriceCents },
  });

const earnings = async (who: TestUser) => {
  const res = await t.app.inject({ url: '/api/v1/billing/earnings', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { byCurrency: { currency: string; totalCents: number }[] };
};

describe('the create and edit form: "Let fans pay more"', () => {
  it('stores the minimum and the suggested price; the page offers them', async () => {
    const made = await publishItem(t, creator, { minPrice: '3,00', suggestedPrice: 7.5 }, {});
    expect(made.item.payWhatYouWant).toEqual({
      minPriceCents: 300,
      suggestedPriceCents: 750,
      minCents: 300,
      maxCents: 300_000,
    });
    // Every other reader sees the smallest payment as its price.
    expect(made.item.priceCents).toBe(300);
    const fan = await createUser(t);
    const page = ItemDetail.parse(
      (await t.app.inject({ url: `/api/v1/items/${made.id}`, headers: fan.auth })).json(),
    );
    expect(page.payWhatYouWant).toMatchObject({ minPriceCents: 300, suggestedPriceCents: 750 });
    expect(page.abilities.canBuy).toBe(true);
  });

  it('takes a minimum of 0 as the smallest payment the platform takes', async () => {
    const made = await publishItem(t, creator, { minPrice: 0, suggestedPrice: '2' }, {});
    expect(made.item.payWhatYouWant).toEqual({
      minPriceCents: 0,
      suggestedPriceCents: 200,
      ...pwywBounds(0),
    });
    expect(made.item.priceCents).toBe(pwywBounds(0).minCents);
  });

  it.each([
    [{ minPrice: '-1', suggestedPrice: '5' }, 'pwyw_minimum_invalid', 'minPrice'],
    [{ minPrice: 'five', suggestedPrice: '5' }, 'pwyw_minimum_invalid', 'minPrice'],
    [{ minPrice: '10001', suggestedPrice: '10001' }, 'pwyw_minimum_invalid', 'minPrice'],
    [{ suggestedPrice: '5' }, 'pwyw_minimum_invalid', 'minPrice'],
    [{ minPrice: '5' }, 'pwyw_suggested_invalid', 'suggestedPrice'],
    [{ minPrice: '5', suggestedPrice: '4.99' }, 'pwyw_suggested_invalid', 'suggestedPrice'],
    [{ minPrice: '1', suggestedPrice: '1000.01' }, 'pwyw_suggested_invalid', 'suggestedPrice'],
  ])('refuses terms %j with %s and creates nothing', async (terms, code, field) => {
    const author = await createUser(t, { role: 'creator' });
    const image = await uploadOk(t, author, 'image');
    const res = await createItemRequest(t, author, itemForm(image.url, terms));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code, field });
    expect(res.json().error).toEqual(expect.any(String));
    const stored = await t.db.select().from(items).where(eq(items.creatorId, author.user.id));
    expect(stored).toHaveLength(0);
  });

  it('edits the terms on and off; only the owner may, and a refused edit changes nothing', async () => {
    const owner = await createUser(t, { role: 'creator' });
    const made = await publishItem(t, owner, {}, {});
    const form = itemForm(made.item.imageUrl ?? '');
    const patch = (who: TestUser | null, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/aura/${made.id}`,
        headers: who?.auth ?? {},
        payload: body,
      });
    const stored = async () => {
      const [row] = await t.db.select().from(items).where(eq(items.id, made.id));
      return row;
    };
    const on = { ...form, minPrice: '4', suggestedPrice: '6' };
    expect((await patch(null, on)).statusCode).toBe(401);
    expect((await patch(await createUser(t), on)).statusCode).toBe(403);
    expect((await patch(await createUser(t, { role: 'creator' }), on)).statusCode).toBe(403);
    const bad = await patch(owner, { ...form, minPrice: '4', suggestedPrice: '3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('pwyw_suggested_invalid');
    expect(await stored()).toMatchObject({
      priceCents: 999,
      minPriceCents: null,
      suggestedPriceCents: null,
    });

    const turnedOn = await patch(owner, on);
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect(await stored()).toMatchObject({
      priceCents: 400,
      minPriceCents: 400,
      suggestedPriceCents: 600,
    });
    const turnedOff = await patch(owner, { ...form, price: '8', minPrice: null });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    expect(await stored()).toMatchObject({
      priceCents: 800,
      minPriceCents: null,
      suggestedPriceCents: null,
    });
  });
});

describe('a checkout of a pay-what-you-want item', () => {
  it('needs a signed-in buyer', async () => {
    const item = await pwywItem(300, 500);
    const res = await checkout(null, { tier: item.title, productId: item.id, amount: 500 });
    expect(res.statusCode).toBe(401);
    expect(await sessionsOf(item.id)).toHaveLength(0);
  });

  it.each([
    [undefined, 'amount_required'],
    [299, 'amount_below_minimum'],
    [0, 'amount_below_minimum'],
    [-500, 'amount_below_minimum'],
    [300_001, 'amount_above_maximum'],
  ])('refuses amount %j with %s and stores nothing', async (amount, code) => {
    const fan = await createUser(t);
    const item = await pwywItem(300, 500);
    const res = await checkout(fan, {
      tier: item.title,
      productId: item.id,
      ...(amount === undefined ? {} : { amount }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code, field: 'amount' });
    // The text names the bound in the buyer's terms (cents and currency beside it).
    expect(res.json().error).toMatch(code === 'amount_above_maximum' ? /€3,000\.00/ : /€3\.00/);
    expect(await sessionsOf(item.id)).toHaveLength(0);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(0);
  });

  it('refuses a fraction of a cent or an amount as text (400, nothing stored)', async () => {
    const fan = await createUser(t);
    const item = await pwywItem(300, 500);
    for (const amount of [500.5, '500']) {
      const res = await checkout(fan, { tier: item.title, productId: item.id, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await sessionsOf(item.id)).toHaveLength(0);
  });

  it('keeps a minimum of 0 within the platform floor and the 1,000x cap', async () => {
    const fan = await createUser(t);
    const item = await pwywItem(0, 200);
    const { minCents, maxCents } = pwywBounds(0);
    expect((await checkout(fan, { tier: 'x', productId: item.id, amount: 0 })).json().code).toBe(
      'amount_below_minimum',
    );
    expect(
      (await checkout(fan, { tier: 'x', productId: item.id, amount: maxCents + 1 })).json().code,
    ).toBe('amount_above_maximum');
    const low = await startCheckout(t, fan, { tier: 'x', productId: item.id, amount: minCents });
    const high = await startCheckout(t, fan, { tier: 'x', productId: item.id, amount: maxCents });
    const rows = await sessionsOf(item.id);
    expect(rows.map((r) => [r.id, r.amountCents]).sort()).toEqual(
      [
        [low.id, minCents],
        [high.id, maxCents],
      ].sort(),
    );
  });

  it('never goes above the platform cap, however high the minimum', async () => {
    const fan = await createUser(t);
    const item = await pwywItem(PWYW_MAX_CENTS, PWYW_MAX_CENTS);
    const over = await checkout(fan, { tier: 'x', productId: item.id, amount: PWYW_MAX_CENTS + 1 });
    expect(over.json().code).toBe('amount_above_maximum');
    await startCheckout(t, fan, { tier: 'x', productId: item.id, amount: PWYW_MAX_CENTS });
  });

  it('books a payment above the minimum at the amount paid: sale, ledger, earnings, receipt', async () => {
    const seller = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, seller, {
      title: 'Pay more loop',
      priceCents: 300,
      pwyw: { minPriceCents: 300, suggestedPriceCents: 500 },
    });
    const session = await startCheckout(t, fan, {
      tier: item.title,
      productId: item.id,
      amount: 1234,
    });
    const paid = await payLocal(t, session.id);
    expect(paid.statusCode, paid.body).toBe(200);

    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({ amountCents: 1234, status: 'complete' });
    const entries = await earningsEntries(t, seller.user.id);
    expect(entries).toHaveLength(1);
    // The default platform fee is 10%: 1,234 gross, 1,111 net (the fee rounds to 123).
    expect(entries[0]).toMatchObject({ kind: 'sale', grossCents: 1234, itemId: item.id });
    const net = entries[0]?.amountCents ?? 0;
    expect(net).toBeGreaterThan(1000);
    expect((await earnings(seller)).byCurrency).toEqual([
      expect.objectContaining({ currency: 'eur', totalCents: net }),
    ]);
    const dashboard = await t.app.inject({ url: '/api/v1/dashboard', headers: seller.auth });
    expect(dashboard.json().earnings.byCurrency).toEqual([
      expect.objectContaining({ currency: 'eur', totalCents: net }),
    ]);
    // The buyer's receipt (the session as /success reads it) says what was paid.
    const receipt = await t.app.inject({
      url: `/v1/billing/retrieve-checkout-session/${session.id}`,
      headers: fan.auth,
    });
    expect(receipt.json()).toMatchObject({ amount_total: 1234, currency: 'eur', fulfilled: true });
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    // The receipt mail and the creator's sale notice name the amount paid, not the minimum.
    const receipts = (await mailsTo(t, fan.user.email)).filter(
      (m) => m.template === 'sale-receipt',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('€12.34');
    const notices = (await mailsTo(t, seller.user.email)).filter(
      (m) => m.template === 'sale-notice',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('€12.34');
    expect(notices[0]?.text).not.toContain('€3.00');
  });

  it('books a double-submitted payment once', async () => {
    const seller = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, seller, {
      priceCents: 100,
      pwyw: { minPriceCents: 100, suggestedPriceCents: 300 },
    });
    const session = await startCheckout(t, fan, { tier: 'x', productId: item.id, amount: 2500 });
    const answers = await Promise.all([payLocal(t, session.id), payLocal(t, session.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const replay = await payLocal(t, session.id);
    expect(replay.statusCode).toBe(409);
    const entries = await earningsEntries(t, seller.user.id);
    expect(entries.map((e) => e.grossCents)).toEqual([2500]);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    // Once bought, a second checkout of it is refused.
    const again = await checkout(fan, { tier: 'x', productId: item.id, amount: 2500 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_owned');
  });

  it('books two checkouts paid side by side once: the second amount goes back to the balance', async () => {
    const seller = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, seller, {
      priceCents: 100,
      pwyw: { minPriceCents: 100, suggestedPriceCents: 300 },
    });
    const first = await startCheckout(t, fan, { tier: 'x', productId: item.id, amount: 400 });
    const second = await startCheckout(t, fan, { tier: 'x', productId: item.id, amount: 900 });
    expect((await payLocal(t, first.id)).statusCode).toBe(200);
    expect((await payLocal(t, second.id)).statusCode).toBe(200);
    const entries = await earningsEntries(t, seller.user.id);
    expect(entries.map((e) => e.grossCents)).toEqual([400]);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 900, ledgerSumCents: 900 });
  });

  it('refuses an amount for a fixed-price item or a membership (400, nothing stored)', async () => {
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 999 });
    const res = await checkout(fan, { tier: item.title, productId: item.id, amount: 5000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'amount_not_accepted', field: 'amount' });
    expect(res.json().error).toContain('€9.99');
    expect(await sessionsOf(item.id)).toHaveLength(0);
    const membership = await checkout(fan, {
      tier: 'Hypr',
      creatorId: creator.user.id,
      amount: 5000,
    });
    expect(membership.statusCode).toBe(400);
    expect(membership.json().code).toBe('amount_not_accepted');
    // Without an amount, the fixed price is charged as before.
    const plain = await startCheckout(t, fan, { tier: item.title, productId: item.id });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, plain.id));
    expect(row?.amountCents).toBe(999);
  });

  it("refuses the creator's own item whatever the amount", async () => {
    const item = await pwywItem(300, 500);
    const res = await checkout(creator, { tier: 'x', productId: item.id, amount: 500 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('own_item');
    expect(await sessionsOf(item.id)).toHaveLength(0);
  });
});
