import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_MESSAGE_MAX } from '../../../common/rules/gifts';
import { PublicGift, SentGiftsResponse } from '../../../common/schemas/gifts';
import {
  auditEvents,
  checkoutSessions,
  gifts,
  jobs,
  ledgerEntries,
  paymentRefunds,
} from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { membershipTier } from '../access/index';
import { mailsTo } from '../mail/test-helpers';
import { itemEntitlementCount, payLocal, startCheckout } from './test-helpers';

/*
 * Gifts (issue 43): a checkout's `gift` buys an item or 1, 3 or 12 months of a tier for an
 * e-mail address; the creator earns it at payment, the recipient's mail carries the redeem
 * link, and the code is redeemed once, by one account. The giver resends (rate-limited) and
 * refunds an unredeemed gift after 30 days. Refusals change nothing.
 */

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t, { role: 'creator' });
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const recipientAddress = () => `${uniqueName('friend_')}@example.test`.toLowerCase();

const checkout = (who: TestUser | null, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/create-checkout-session',
    headers: who?.auth ?? {},
    payload: body,
  });

const redeem = (who: TestUser | null, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/gifts/${code}/redeem`, headers: who?.auth ?? {} });

const giftAction = (who: TestUser | null, id: string, action: 'resend' | 'refund') =>
  t.app.inject({ method: 'POST', url: `/api/v1/gifts/${id}/${action}`, headers: who?.auth ?? {} });

const giftOf = async (sessionId: string) => {
  const [row] = await t.db.select().from(gifts).where(eq(gifts.checkoutSessionId, sessionId));
  if (!row) throw new Error(`no gift for ${sessionId}`);
  return row;
};

/** A paid membership gift of `creator`'s tier for `email`, as the giver's checkout buys it. */
async function buyMembershipGift(
  giver: TestUser,
  email: string,
  extra: Record<string, unknown> = {},
) {
  const { id } = await startCheckout(t, giver, {
    tier: 'Hypr',
    creatorId: creator.user.id,
    gift: { email, message: '  Happy birthday!  ', months: 3, ...extra },
  });
  const paid = await payLocal(t, id);
  expect(paid.statusCode, paid.body).toBe(200);
  return giftOf(id);
}

/** An admin's full refund of the payment booked under `ref` (a gift's). */
async function adminRefund(admin: TestUser, ref: string) {
  const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ref, ref));
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/sales/${entry!.id}/refund`,
    headers: { ...admin.auth, 'idempotency-key': uniqueName('refund-') },
    payload: {},
  });
}

const sentList = async (who: TestUser) => {
  const res = await t.app.inject({ url: '/api/v1/gifts', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return SentGiftsResponse.parse(res.json());
};

describe('a gift is redeemed once, by one account', () => {
  it('books the payment, mails the recipient, and grants the membership once', async () => {
    const giver = await createUser(t);
    const email = recipientAddress();
    const { id } = await startCheckout(t, giver, {
      tier: 'Hypr',
      creatorId: creator.user.id,
      gift: { email, message: '  Happy birthday!  ', months: 3 },
    });
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    // Three months of Hypr (5.00 USD a month), paid once: never a subscription.
    expect(session).toMatchObject({
      kind: 'gift',
      amountCents: 1500,
      currency: 'usd',
      tier: 'Hypr',
    });
    expect(session!.gift).toEqual({ email, message: 'Happy birthday!', sendAt: null, months: 3 });

    // Two pay clicks: one payment, one gift, one earnings entry.
    const [first, second] = await Promise.all([payLocal(t, id), payLocal(t, id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const gift = await giftOf(id);
    expect(gift).toMatchObject({
      giverId: giver.user.id,
      recipientEmail: email,
      message: 'Happy birthday!',
      creatorId: creator.user.id,
      itemId: null,
      tier: 'Hypr',
      months: 3,
      amountCents: 1500,
      redeemedBy: null,
    });
    expect(gift.code).toMatch(/^[\w-]{22}$/);
    const earnings = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, gift.paymentRef));
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({
      account: 'earnings',
      kind: 'membership',
      userId: creator.user.id,
      grossCents: 1500,
      amountCents: 1350,
      buyerId: giver.user.id,
    });

    // The recipient's mail, in the giver's language, its redeem link hidden from the outbox.
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('gift-membership');
    expect(mails[0]!.text).toContain('Happy birthday!');
    expect(mails[0]!.text).toContain('3 month(s) of the Hypr membership');
    expect(mails[0]!.text).not.toContain(gift.code);
    const receipts = (await mailsTo(t, giver.user.email)).filter(
      (m) => m.template === 'gift-receipt',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(email);
    const notices = (await mailsTo(t, creator.user.email)).filter(
      (m) => m.template === 'gift-notice',
    );
    expect(notices.filter((m) => m.text.includes('$15.00'))).not.toHaveLength(0);

    // Anyone with the code sees what it is.
    const shown = await t.app.inject({ url: `/api/v1/gifts/${gift.code}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(PublicGift.parse(shown.json())).toMatchObject({
      kind: 'membership',
      tier: 'Hypr',
      months: 3,
      message: 'Happy birthday!',
      state: 'redeemable',
      creator: { username: creator.user.username },
    });

    // The giver cannot redeem it; the recipient can, once; nobody else after.
    const own = await redeem(giver, gift.code);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'gift_own' });
    const friend = await createUser(t);
    const redeemed = await redeem(friend, gift.code);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({
      gift: { state: 'redeemed' },
      path: `/creator/${creator.user.username}`,
    });
    expect(await membershipTier(t.db, friend.user.id, creator.user.id, new Date())).toBe('Hypr');
    const twice = await redeem(friend, gift.code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'gift_already_redeemed' });
    const other = await createUser(t);
    const late = await redeem(other, gift.code);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'gift_already_redeemed' });
    expect(await membershipTier(t.db, other.user.id, creator.user.id, new Date())).toBe('Aura');
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'gift.redeemed'), eq(auditEvents.subjectId, gift.id))),
    ).toHaveLength(1);

    // The giver's list says so, with nothing left to do.
    const list = await sentList(giver);
    expect(list.gifts).toHaveLength(1);
    expect(list.gifts[0]).toMatchObject({
      id: gift.id,
      recipientEmail: email,
      kind: 'membership',
      redeemedAt: expect.any(String),
      isResendable: false,
      isRefundable: false,
    });
  });

  it('of two accounts redeeming at once, exactly one wins', async () => {
    const giver = await createUser(t);
    const gift = await buyMembershipGift(giver, recipientAddress());
    const [a, b] = [await createUser(t), await createUser(t)];
    const answers = await Promise.all([redeem(a, gift.code), redeem(b, gift.code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const tiers = await Promise.all(
      [a, b].map((u) => membershipTier(t.db, u.user.id, creator.user.id, new Date())),
    );
    expect(tiers.sort()).toEqual(['Aura', 'Hypr']);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect([a.user.id, b.user.id]).toContain(row!.redeemedBy);
  });

  it('an item gift unlocks the item for the redeemer; one who owns it already is refused', async () => {
    const giver = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 700, title: 'Gifted loop' });
    const { id } = await startCheckout(t, giver, {
      tier: item.title,
      productId: item.id,
      gift: { email: recipientAddress() },
    });
    expect((await payLocal(t, id)).statusCode).toBe(200);
    const gift = await giftOf(id);
    expect(gift).toMatchObject({ itemId: item.id, tier: null, months: null, amountCents: 700 });
    // The giver bought it for someone else: they do not own it.
    expect(await itemEntitlementCount(t, giver.user.id, item.id)).toBe(0);
    const [sale] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, gift.paymentRef));
    expect(sale).toMatchObject({ kind: 'sale', itemId: item.id, grossCents: 700 });

    // The creator of the item has it already.
    const self = await redeem(creator, gift.code);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'gift_item_owned' });
    const friend = await createUser(t);
    const res = await redeem(friend, gift.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ path: `/product/${item.id}` });
    expect(await itemEntitlementCount(t, friend.user.id, item.id)).toBe(1);
  });

  it('refuses a membership gift to someone who holds a membership of that creator', async () => {
    const giver = await createUser(t);
    const first = await buyMembershipGift(giver, recipientAddress());
    const second = await buyMembershipGift(giver, recipientAddress());
    const friend = await createUser(t);
    expect((await redeem(friend, first.code)).statusCode).toBe(200);
    const held = await redeem(friend, second.code);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'gift_membership_held' });
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, second.id));
    expect(row!.redeemedBy).toBeNull();
  });

  it('answers 404 for an unknown code and 401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/v1/gifts/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/v1/gifts/x' })).statusCode).toBe(404);
    const fan = await createUser(t);
    const unknown = await redeem(fan, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'gift_not_found' });
    expect((await redeem(null, 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/gifts' })).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await giftAction(null, id, 'resend')).statusCode).toBe(401);
    expect((await giftAction(fan, id, 'resend')).statusCode).toBe(404);
    expect((await giftAction(fan, 'nope', 'refund')).statusCode).toBe(404);
  });
});

describe('buying a gift', () => {
  const futureIso = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

  it.each([
    [
      'a membership without months',
      { tier: 'Hypr' },
      { months: undefined },
      'gift_months_required',
    ],
    ['months that are not 1, 3 or 12', { tier: 'Hypr' }, { months: 2 }, null],
    ['months for an item', { item: true }, { months: 3 }, 'gift_months_not_accepted'],
    ['a send time in the past', { tier: 'Hypr' }, { sendAt: futureIso(-1) }, 'gift_send_at_past'],
    [
      'a send time over a year ahead',
      { tier: 'Hypr' },
      { sendAt: futureIso(400) },
      'gift_send_at_too_far',
    ],
    ['a message too long', { tier: 'Hypr' }, { message: 'x'.repeat(GIFT_MESSAGE_MAX + 1) }, null],
    ['an address that is none', { tier: 'Hypr' }, { email: 'not-an-address' }, null],
    ['a top-up', { topup: true }, {}, 'gift_not_accepted'],
  ])('refuses %s and starts nothing', async (_what, target, gift, code) => {
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 400 });
    const body =
      'item' in target
        ? { tier: item.title, productId: item.id }
        : 'topup' in target
          ? { tier: 'topup', price: '10.00', productId: 'topup' }
          : { tier: 'Hypr', creatorId: creator.user.id };
    const res = await checkout(fan, {
      ...body,
      gift: { email: recipientAddress(), months: 3, ...gift },
    });
    expect(res.statusCode, res.body).toBe(400);
    if (code) expect(res.json()).toMatchObject({ code });
    const sessions = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, fan.user.id));
    expect(sessions).toHaveLength(0);
  });

  it('a gift for later waits for its time; the giver may hold the membership already', async () => {
    const giver = await createUser(t);
    const email = recipientAddress();
    const sendAt = futureIso(2);
    const gift = await buyMembershipGift(giver, email, { sendAt, months: 1 });
    expect(gift.amountCents).toBe(500);
    expect(gift.sendAt?.toISOString()).toBe(sendAt);
    expect(await mailsTo(t, email)).toHaveLength(0);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:gift:${gift.id}`));
    expect(job!.runAt.toISOString()).toBe(sendAt);
    const list = await sentList(giver);
    expect(list.gifts[0]).toMatchObject({ sentAt: null, sendAt, isResendable: false });
    // A second gift by a giver who now holds... nothing prevents gifting again.
    await buyMembershipGift(giver, recipientAddress());
  });
});

describe("the giver's actions", () => {
  it('resends the mail at most once per 10 minutes', async () => {
    const giver = await createUser(t);
    const email = recipientAddress();
    const gift = await buyMembershipGift(giver, email);
    expect(await mailsTo(t, email)).toHaveLength(1);
    const soon = await giftAction(giver, gift.id, 'resend');
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'gift_resend_too_soon' });
    // Another person's gift is unknown to them.
    const stranger = await createUser(t);
    expect((await giftAction(stranger, gift.id, 'resend')).statusCode).toBe(404);
    expect(await mailsTo(t, email)).toHaveLength(1);

    await t.db
      .update(gifts)
      .set({ sentAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(gifts.id, gift.id));
    const again = await giftAction(giver, gift.id, 'resend');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().gift).toMatchObject({ isResendable: false });
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('refunds an unredeemed gift after 30 days, once; its code redeems nothing after', async () => {
    const giver = await createUser(t);
    const gift = await buyMembershipGift(giver, recipientAddress());
    const early = await giftAction(giver, gift.id, 'refund');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'gift_not_refundable_yet' });
    const stranger = await createUser(t);
    expect((await giftAction(stranger, gift.id, 'refund')).statusCode).toBe(404);

    await t.db
      .update(gifts)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(gifts.id, gift.id));
    expect((await sentList(giver)).gifts[0]).toMatchObject({ isRefundable: true });
    const [refunded, twice] = await Promise.all([
      giftAction(giver, gift.id, 'refund'),
      giftAction(giver, gift.id, 'refund'),
    ]);
    expect([refunded.statusCode, twice.statusCode].sort()).toEqual([200, 409]);
    const [entry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, gift.paymentRef));
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.transactionId, entry!.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 1500, cause: 'refund' });
    const takenBack = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, `refund:${refunds[0]!.id}`));
    expect(takenBack[0]).toMatchObject({ amountCents: -1350, userId: creator.user.id });

    const friend = await createUser(t);
    const late = await redeem(friend, gift.code);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'gift_refunded' });
    expect((await sentList(giver)).gifts[0]).toMatchObject({
      refundedAt: expect.any(String),
      isRefundable: false,
      isResendable: false,
    });
  });

  it('a redeemed gift is not refunded by its giver', async () => {
    const giver = await createUser(t);
    const gift = await buyMembershipGift(giver, recipientAddress());
    expect((await redeem(await createUser(t), gift.code)).statusCode).toBe(200);
    await t.db
      .update(gifts)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(gifts.id, gift.id));
    const res = await giftAction(giver, gift.id, 'refund');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'gift_already_redeemed' });
  });

  it("an admin's full refund of a redeemed item gift takes the item back and ends the gift", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const giver = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 900 });
    const { id } = await startCheckout(t, giver, {
      tier: item.title,
      productId: item.id,
      gift: { email: recipientAddress() },
    });
    expect((await payLocal(t, id)).statusCode).toBe(200);
    const gift = await giftOf(id);
    const friend = await createUser(t);
    expect((await redeem(friend, gift.code)).statusCode).toBe(200);
    expect(await itemEntitlementCount(t, friend.user.id, item.id)).toBe(1);
    const res = await adminRefund(admin, gift.paymentRef);
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemEntitlementCount(t, friend.user.id, item.id)).toBe(0);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.refundedAt).not.toBeNull();
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'gift.refunded'), eq(auditEvents.subjectId, gift.id)));
    expect(events).toHaveLength(1);
  });

  it("an admin's full refund of a redeemed membership gift ends the redeemer's membership", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const giver = await createUser(t);
    const gift = await buyMembershipGift(giver, recipientAddress());
    const friend = await createUser(t);
    expect((await redeem(friend, gift.code)).statusCode).toBe(200);
    expect(await membershipTier(t.db, friend.user.id, creator.user.id, new Date())).toBe('Hypr');
    const res = await adminRefund(admin, gift.paymentRef);
    expect(res.statusCode, res.body).toBe(200);
    expect(await membershipTier(t.db, friend.user.id, creator.user.id, new Date())).toBe('Aura');
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.refundedAt).not.toBeNull();
  });
});

describe('a pay-what-you-want item as a gift', () => {
  it("takes the amount within the item's bounds and books the gift at the amount paid", async () => {
    const giver = await createUser(t);
    const item = await createItem(t, creator, {
      priceCents: 300,
      pwyw: { minPriceCents: 300, suggestedPriceCents: 800 },
    });
    const gift = { email: recipientAddress(), message: 'Enjoy' };
    const before = await t.db.select().from(gifts);
    const low = await checkout(giver, { tier: item.title, productId: item.id, amount: 299, gift });
    expect(low.statusCode, low.body).toBe(400);
    expect(low.json().code).toBe('amount_below_minimum');
    expect(await t.db.select().from(gifts)).toHaveLength(before.length);

    const { id } = await startCheckout(t, giver, {
      tier: item.title,
      productId: item.id,
      amount: 1250,
      gift,
    });
    expect((await payLocal(t, id)).statusCode).toBe(200);
    const row = await giftOf(id);
    expect(row.amountCents).toBe(1250);
    const [entry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, row.paymentRef));
    expect(entry?.grossCents).toBe(1250);
    const friend = await createUser(t);
    expect((await redeem(friend, row.code)).statusCode).toBe(200);
    expect(await itemEntitlementCount(t, friend.user.id, item.id)).toBe(1);
  });
});
