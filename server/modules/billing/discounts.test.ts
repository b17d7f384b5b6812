import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, checkoutSessions, discountCodes } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { mailsTo } from '../mail/test-helpers';
import { pruneExpiredCheckouts } from './checkout-prune';
import { runRenewals } from './renewals';
import {
  earningsEntries,
  itemEntitlementCount,
  manualClock,
  payLocal,
  startCheckout,
} from './test-helpers';

/*
 * Discount codes (issue 43): a creator's own codes through POST/GET/DELETE
 * /api/v1/creator/discounts, and checkouts that name one: priced by the server, refused when
 * wrong, expired, used up or not for that purchase, held once per checkout however many buyers
 * race, given back when a checkout expires or is cancelled unpaid.
 */

const clock = manualClock('2031-05-01T10:00:00.000Z');
let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock });
  creator = await createUser(t, { role: 'creator' });
});
afterAll(() => t.close());

/** Sign-in tokens expire as the clock moves on: a fresh one for the moved clock. */
async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

const createCode = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/creator/discounts',
    headers: who.auth,
    payload,
  });

async function madeCode(who: TestUser, payload: Record<string, unknown>) {
  const res = await createCode(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; redemptions: number };
}

const listCodes = (who: TestUser) =>
  t.app.inject({ url: '/api/v1/creator/discounts', headers: who.auth });

const checkout = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/create-checkout-session',
    headers: who.auth,
    payload,
  });

const redemptionsOf = async (id: string) =>
  (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]?.redemptions;

let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${(n += 1)}${Date.now() % 100000}`;

describe('POST /api/v1/creator/discounts', () => {
  it('stores a code upper-case with its terms, audited; the same code in another case is taken', async () => {
    const code = uniqueCode('spring');
    const made = await madeCode(creator, {
      code,
      percentOff: 20,
      appliesTo: 'all',
      maxRedemptions: 3,
      expiresAt: '2031-06-01T00:00:00.000Z',
    });
    expect(made).toMatchObject({
      code: code.toUpperCase(),
      percentOff: 20,
      amountOffCents: null,
      currency: null,
      appliesTo: 'all',
      maxRedemptions: 3,
      redemptions: 0,
      expiresAt: '2031-06-01T00:00:00.000Z',
      firstPeriodOnly: true,
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'discount.created'), eq(auditEvents.subjectId, made.id)));
    expect(audit?.actorId).toBe(creator.user.id);

    const again = await createCode(creator, { code: code.toLowerCase(), amountOffCents: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('discount_code_taken');
    // Another creator may use the same code for their own.
    const other = await createUser(t, { role: 'creator' });
    expect((await createCode(other, { code, percentOff: 5 })).statusCode).toBe(201);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const item = await createItem(t, creator);
    const stranger = await createUser(t, { role: 'creator' });
    const foreign = await createItem(t, stranger);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'OK1', percentOff: 0 }, 'invalid_field'],
      [{ code: 'OK1', percentOff: 101 }, 'invalid_field'],
      [{ code: 'OK1', percentOff: 12.5 }, 'invalid_field'],
      [{ code: 'OK1', amountOffCents: 0 }, 'invalid_field'],
      [{ code: 'OK1', amountOffCents: -5 }, 'invalid_field'],
      [{ code: 'OK1' }, 'discount_amount_invalid'],
      [{ code: 'OK1', percentOff: 10, amountOffCents: 100 }, 'discount_amount_invalid'],
      [{ code: 'OK1', percentOff: 10, currency: 'usd' }, 'discount_amount_invalid'],
      [{ code: 'ab', percentOff: 10 }, 'invalid_field'],
      [{ code: 'has space', percentOff: 10 }, 'invalid_field'],
      [{ code: 'x'.repeat(33), percentOff: 10 }, 'invalid_field'],
      [{ code: 'ÄPFEL', percentOff: 10 }, 'invalid_field'],
      [{ code: 'OK1', percentOff: 10, maxRedemptions: 0 }, 'invalid_field'],
      [{ code: 'OK1', percentOff: 10, expiresAt: 'tomorrow' }, 'invalid_field'],
      [{ code: 'OK1', percentOff: 10, expiresAt: '2031-04-01T00:00:00Z' }, 'discount_expiry_past'],
      [{ code: 'OK1', percentOff: 10, appliesTo: {} }, 'discount_scope_empty'],
      [{ code: 'OK1', percentOff: 10, appliesTo: { tiers: ['Aura'] } }, 'invalid_field'],
      [
        { code: 'OK1', percentOff: 10, appliesTo: { items: [item.id, foreign.id] } },
        'discount_items_invalid',
      ],
      [
        { code: 'OK1', percentOff: 10, firstPeriodOnly: false },
        'discount_every_period_unsupported',
      ],
      [{ code: 'OK1', percentOff: 10, extra: 1 }, 'invalid_field'],
    ];
    for (const [payload, code] of cases) {
      const res = await createCode(creator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
    }
    const stored = await t.db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.creatorId, creator.user.id), eq(discountCodes.code, 'OK1')));
    expect(stored).toHaveLength(0);
    // Items only, every period: allowed (no membership is covered).
    const itemsOnly = await createCode(creator, {
      code: uniqueCode('items'),
      percentOff: 10,
      appliesTo: { items: [item.id] },
      firstPeriodOnly: false,
    });
    expect(itemsOnly.statusCode, itemsOnly.body).toBe(201);
  });

  it('needs a signed-in creator', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creator/discounts',
      payload: { code: 'NOPE1', percentOff: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    const fan = await createUser(t);
    const res = await createCode(fan, { code: 'NOPE1', percentOff: 10 });
    expect(res.statusCode).toBe(403);
    expect((await listCodes(fan)).statusCode).toBe(403);
  });
});

describe('GET and DELETE /api/v1/creator/discounts', () => {
  it("lists only the caller's codes; another creator's code is not found to delete", async () => {
    const mine = await createUser(t, { role: 'creator' });
    const theirs = await createUser(t, { role: 'creator' });
    const a = await madeCode(mine, { code: uniqueCode('mine'), percentOff: 10 });
    const b = await madeCode(theirs, { code: uniqueCode('theirs'), amountOffCents: 150 });
    const list = await listCodes(mine);
    expect(list.statusCode).toBe(200);
    expect(list.json().discounts.map((d: { id: string }) => d.id)).toEqual([a.id]);

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/creator/discounts/${b.id}`,
      headers: mine.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('discount_not_found');
    expect(await redemptionsOf(b.id)).toBe(0);

    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/creator/discounts/not-a-uuid',
      headers: mine.auth,
    });
    expect(bad.statusCode).toBe(400);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/creator/discounts/${a.id}`,
      headers: mine.auth,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await listCodes(mine)).json().discounts).toEqual([]);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/creator/discounts/${a.id}`,
      headers: mine.auth,
    });
    expect(twice.statusCode).toBe(404);
  });
});

describe('a checkout with a discount code', () => {
  it('charges the discounted price, books the sale at it and records the code', async () => {
    const item = await createItem(t, creator, { priceCents: 1000 });
    const code = uniqueCode('tenoff');
    const made = await madeCode(creator, { code, percentOff: 25, appliesTo: { items: [item.id] } });
    const fan = await createUser(t);
    // Any case: the code compares without case.
    const session = await startCheckout(t, fan, {
      tier: item.title,
      productId: item.id,
      discountCode: ` ${code.toLowerCase()} `,
    });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({
      amountCents: 750,
      discountCode: code.toUpperCase(),
      discountCents: 250,
      discountCodeId: made.id,
    });
    const page = await t.app.inject({ url: `/api/v1/billing/local-checkout/${session.id}` });
    expect(page.json()).toMatchObject({
      amountTotal: 750,
      discountCode: code.toUpperCase(),
      discountCents: 250,
    });
    expect(await redemptionsOf(made.id)).toBe(1);
    const paid = await payLocal(t, session.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await itemEntitlementCount(t, fan.user.id, item.id)).toBe(1);
    const sale = (await earningsEntries(t, creator.user.id)).find(
      (e) => e.checkoutSessionId === session.id,
    );
    expect(sale?.grossCents).toBe(750);
    // Paid: the redemption stays used, even once the checkout's time is long over.
    await pruneExpiredCheckouts(t.db, new Date('2031-06-01T00:00:00.000Z'));
    expect(await redemptionsOf(made.id)).toBe(1);
  });

  it('an amount off in the price currency; the total never goes below the smallest card payment', async () => {
    const item = await createItem(t, creator, { priceCents: 500 });
    const code = uniqueCode('big');
    await madeCode(creator, { code, amountOffCents: 2000 });
    const fan = await createUser(t);
    const session = await startCheckout(t, fan, {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({ amountCents: 50, discountCents: 450 });
    // A code in dollars takes nothing off a price in euros.
    const usd = uniqueCode('usd');
    await madeCode(creator, { code: usd, amountOffCents: 100, currency: 'usd' });
    const refused = await checkout(fan, {
      tier: item.title,
      productId: item.id,
      discountCode: usd,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('discount_not_applicable');
  });

  it('refuses a wrong, expired, foreign or misplaced code with its own code, and stores nothing', async () => {
    const item = await createItem(t, creator, { priceCents: 800 });
    const other = await createItem(t, creator, { priceCents: 800 });
    const pwyw = await createItem(t, creator, {
      priceCents: 300,
      pwyw: { minPriceCents: 300, suggestedPriceCents: 500 },
    });
    const stranger = await createUser(t, { role: 'creator' });
    const strangers = uniqueCode('theirs');
    await madeCode(stranger, { code: strangers, percentOff: 50 });
    const onlyOther = uniqueCode('other');
    await madeCode(creator, { code: onlyOther, percentOff: 50, appliesTo: { items: [other.id] } });
    const soon = uniqueCode('soon');
    await madeCode(creator, {
      code: soon,
      percentOff: 50,
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const all = uniqueCode('all');
    await madeCode(creator, { code: all, percentOff: 50 });
    const fan = await createUser(t);
    const buy = { tier: item.title, productId: item.id };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...buy, discountCode: 'NOSUCHCODE' }, 400, 'discount_code_unknown'],
      [{ ...buy, discountCode: strangers }, 400, 'discount_code_unknown'],
      [{ ...buy, discountCode: onlyOther }, 400, 'discount_not_applicable'],
      [
        { tier: pwyw.title, productId: pwyw.id, amount: 400, discountCode: all },
        400,
        'discount_not_for_pwyw',
      ],
      [{ tier: 'topup', priceCents: 1000, discountCode: all }, 400, 'discount_not_applicable'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await checkout(fan, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code, field: 'discountCode' });
    }
    clock.advance(61_000);
    const late = await checkout(await fresh(fan), { ...buy, discountCode: soon });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('discount_code_expired');
    const stored = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, fan.user.id));
    expect(stored).toHaveLength(0);
  });

  it('holds maxRedemptions when 50 buyers race for the last one, and gives it back on expiry', async () => {
    clock.set('2031-05-02T10:00:00.000Z');
    const item = await createItem(t, creator, { priceCents: 1200 });
    const code = uniqueCode('last');
    const made = await madeCode(await fresh(creator), { code, percentOff: 50, maxRedemptions: 3 });
    // Two of three are held by earlier checkouts: one paid, one left open.
    const early = await Promise.all([createUser(t), createUser(t)]);
    const paidSession = await startCheckout(t, early[0], {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    expect((await payLocal(t, paidSession.id)).statusCode).toBe(200);
    const abandoned = await startCheckout(t, early[1], {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    expect(await redemptionsOf(made.id)).toBe(2);

    const racers = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
    const answers = await Promise.all(
      racers.map((fan) =>
        checkout(fan, { tier: item.title, productId: item.id, discountCode: code }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.statusCode !== 200)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json()).toMatchObject({ code: 'discount_code_used_up', field: 'discountCode' });
    }
    expect(await redemptionsOf(made.id)).toBe(3);
    const held = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.discountCodeId, made.id));
    expect(held).toHaveLength(3);

    // The winner cancels: its redemption goes back at once, and one more buyer gets it.
    const winner = won[0]?.json() as { id: string };
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/local-checkout/${winner.id}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await redemptionsOf(made.id)).toBe(2);
    const next = await createUser(t);
    const taken = await checkout(next, {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const full = await checkout(await createUser(t), {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    expect(full.json().code).toBe('discount_code_used_up');

    // The abandoned checkout (and the one just taken) expire after 23 hours unpaid: their
    // redemptions go back, so the next buyer gets one.
    clock.advance(23 * 3600_000 + 1000);
    const afterExpiry = await checkout(await fresh(await createUser(t)), {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(200);
    const [abandonedRow] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, abandoned.id));
    expect(abandonedRow?.discountReleasedAt).not.toBeNull();
    // The creator's list counts the paid one and the one still open.
    const list = (await listCodes(await fresh(creator))).json();
    expect(list.discounts.find((d: { id: string }) => d.id === made.id)).toMatchObject({
      redemptions: 2,
      maxRedemptions: 3,
    });
    // Given back once: the prune finds nothing more to give.
    await pruneExpiredCheckouts(t.db, clock.now());
    expect(await redemptionsOf(made.id)).toBe(2);
  });

  it('the hourly prune gives back what expired checkouts held before it deletes them', async () => {
    clock.set('2031-05-05T10:00:00.000Z');
    const item = await createItem(t, creator, { priceCents: 1000 });
    const code = uniqueCode('prune');
    const made = await madeCode(await fresh(creator), { code, percentOff: 10, maxRedemptions: 1 });
    await startCheckout(t, await createUser(t), {
      tier: item.title,
      productId: item.id,
      discountCode: code,
    });
    expect(await redemptionsOf(made.id)).toBe(1);
    await pruneExpiredCheckouts(t.db, new Date('2031-05-07T10:00:00.000Z'));
    expect(await redemptionsOf(made.id)).toBe(0);
  });

  it('a membership: the first period discounted, renewals at the full price', async () => {
    clock.set('2031-05-10T12:00:00.000Z');
    const seller = await createUser(t, { role: 'creator' });
    const code = uniqueCode('welcome');
    await madeCode(seller, { code, percentOff: 40, appliesTo: { tiers: ['Hypr'] } });
    const fan = await createUser(t);
    const soul = await checkout(fan, {
      tier: 'HyprSoul',
      productId: seller.user.id,
      discountCode: code,
    });
    expect(soul.json().code).toBe('discount_not_applicable');
    const session = await startCheckout(t, fan, {
      tier: 'Hypr',
      productId: seller.user.id,
      discountCode: code,
    });
    expect((await payLocal(t, session.id)).statusCode).toBe(200);
    clock.set('2031-06-10T12:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    const entries = await earningsEntries(t, seller.user.id);
    entries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(entries.map((e) => e.grossCents)).toEqual([300, 500]);
  });

  it("the receipt names the code and what it took off, in the reader's language", async () => {
    // A day of its own: the admin sales test counts every sale of its 30-day window (one database
    // per worker on PostgreSQL), and the renewal test above leaves the clock in that window.
    clock.set('2031-09-15T12:00:00.000Z');
    const seller = await createUser(t, { role: 'creator' });
    const item = await createItem(t, seller, { priceCents: 1000 });
    const code = uniqueCode('launch');
    await madeCode(seller, { code, percentOff: 25 });
    const fan = await createUser(t);
    const german = await createUser(t, { locale: 'de' });
    for (const buyer of [fan, german]) {
      const session = await startCheckout(t, await fresh(buyer), {
        tier: item.title,
        productId: item.id,
        discountCode: code,
      });
      expect((await payLocal(t, session.id)).statusCode).toBe(200);
    }
    const [receipt] = (await mailsTo(t, fan.user.email)).filter(
      (m) => m.template === 'sale-receipt',
    );
    expect(receipt?.text).toContain('for €7.50.');
    expect(receipt?.text).toContain(`Code ${code.toUpperCase()}: −€2.50`);
    const [quittung] = (await mailsTo(t, german.user.email)).filter(
      (m) => m.template === 'sale-receipt',
    );
    // German writes the sign after a no-break space.
    expect(quittung?.text).toMatch(new RegExp(`Code ${code.toUpperCase()}: −2,50\\s€`));

    // A membership's first payment: its receipt names the code too; one without a code does not.
    const member = await createUser(t);
    const session = await startCheckout(t, await fresh(member), {
      tier: 'Hypr',
      productId: seller.user.id,
      discountCode: code,
    });
    expect((await payLocal(t, session.id)).statusCode).toBe(200);
    const [membership] = (await mailsTo(t, member.user.email)).filter(
      (m) => m.template === 'membership-receipt',
    );
    expect(membership?.text).toContain('You paid $3.75 for its first period.');
    expect(membership?.text).toContain(`Code ${code.toUpperCase()}: −$1.25`);
    const plain = await createUser(t);
    const full = await startCheckout(t, await fresh(plain), {
      tier: 'Hypr',
      productId: seller.user.id,
    });
    expect((await payLocal(t, full.id)).statusCode).toBe(200);
    const [undiscounted] = (await mailsTo(t, plain.user.email)).filter(
      (m) => m.template === 'membership-receipt',
    );
    expect(undiscounted?.text).toContain('You paid $5.00 for its first period.');
    expect(undiscounted?.text).not.toContain('Code');
  });
});
