import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIP_MAX_CENTS, TIP_MESSAGE_MAX, TIP_MIN_CENTS } from '../../../common/rules/tips';
import { CreatorTipsPage, PublicTipsPage } from '../../../common/schemas/tips';
import {
  auditEvents,
  checkoutSessions,
  ledgerEntries,
  paymentRefunds,
  tips,
} from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fakes/stripe';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { mailsTo } from '../mail/test-helpers';
import { payLocal, startCheckout, topUp, walletState } from './test-helpers';

/*
 * Tips (issue 43): a one-off payment to a creator with an optional public message, by card (a
 * checkout of tier 'tip') or from the balance (POST /api/v1/tips/balance). Bounds and who may be
 * tipped are refused with nothing written; each payment books one tip however often it arrives.
 */

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t, { role: 'creator' });
});
afterAll(() => t.close());

const cardTip = (who: TestUser | null, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/create-checkout-session',
    headers: who?.auth ?? {},
    payload: { tier: 'tip', ...body },
  });

const balanceTip = (
  app: TestApp,
  who: TestUser | null,
  body: Record<string, unknown>,
  key: string | null = uniqueName('tip-'),
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/tips/balance',
    headers: { ...(who?.auth ?? {}), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

const tipsTo = (creatorId: string) => t.db.select().from(tips).where(eq(tips.creatorId, creatorId));
const tipEarnings = (creatorId: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, creatorId), eq(ledgerEntries.kind, 'tip')));
const sessionsOf = (fan: TestUser) =>
  t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, fan.user.id));

const publicList = async (username: string, query = '') => {
  const res = await t.app.inject({ url: `/api/v1/creators/${username}/tips${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return PublicTipsPage.parse(res.json());
};
const ownList = async (who: TestUser) => {
  const res = await t.app.inject({ url: '/api/v1/creator/tips', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return CreatorTipsPage.parse(res.json());
};

describe('a tip by card', () => {
  it('books one tip net of the fee, shown on the page and the dashboard, with a notice', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const { id } = await startCheckout(t, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 500,
      tip: { message: '  Thanks for the loops!  ', showPublicly: true },
    });
    const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({ kind: 'tip', amountCents: 500, currency: 'eur' });
    expect(row).toMatchObject({ tipMessage: 'Thanks for the loops!', tipPublic: true });

    // Two pay clicks: one payment, one tip.
    const [first, second] = await Promise.all([payLocal(t, id), payLocal(t, id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const again = await payLocal(t, id);
    expect(again.statusCode).toBe(409);

    const booked = await tipsTo(star.user.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      fanId: fan.user.id,
      amountCents: 500,
      netCents: 450,
      message: 'Thanks for the loops!',
      showPublicly: true,
      via: 'card',
    });
    const earnings = await tipEarnings(star.user.id);
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({ amountCents: 450, grossCents: 500, buyerId: fan.user.id });

    const page = await publicList(star.user.username);
    expect(page.tips).toHaveLength(1);
    expect(page.tips[0]).toMatchObject({
      amountCents: 500,
      currency: 'eur',
      message: 'Thanks for the loops!',
      fan: { username: fan.user.username },
    });
    const own = await ownList(star);
    expect(own.tips[0]).toMatchObject({ netCents: 450, via: 'card', showPublicly: true });

    const res = await t.app.inject({ url: '/api/v1/billing/earnings', headers: star.auth });
    expect(res.json().byCurrency).toEqual([expect.objectContaining({ currency: 'eur' })]);

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'tip.received'));
    expect(events.filter((e) => e.subjectId === String(booked[0]!.id))).toHaveLength(1);
    const notices = (await mailsTo(t, star.user.email)).filter((m) => m.template === 'tip-notice');
    expect(notices).toHaveLength(1);
  });

  it('keeps a private tip off the page but on the dashboard', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const shown = await startCheckout(t, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 300,
      tip: { message: 'public', showPublicly: true },
    });
    expect((await payLocal(t, shown.id)).statusCode).toBe(200);
    const hidden = await startCheckout(t, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 700,
      tip: { message: 'just for you', showPublicly: false },
    });
    expect((await payLocal(t, hidden.id)).statusCode).toBe(200);
    // Without a note at all: private, no message.
    const bare = await startCheckout(t, fan, { tier: 'tip', creatorId: star.user.id, amount: 100 });
    expect((await payLocal(t, bare.id)).statusCode).toBe(200);

    const page = await publicList(star.user.username);
    expect(page.tips.map((x) => x.message)).toEqual(['public']);
    const own = await ownList(star);
    expect(own.tips.map((x) => [x.amountCents, x.message, x.showPublicly])).toEqual([
      [100, null, false],
      [700, 'just for you', false],
      [300, 'public', true],
    ]);
    // Paged, newest first.
    const firstPage = await publicList(star.user.username, '?limit=1');
    expect(firstPage.nextBefore).toBeNull();
    const unknown = await t.app.inject({ url: '/api/v1/creators/nobody_here_at_all/tips' });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['below the minimum', { amount: TIP_MIN_CENTS - 1 }, 'tip_below_minimum'],
    ['above the cap', { amount: TIP_MAX_CENTS + 1 }, 'tip_above_maximum'],
    ['without an amount', {}, 'tip_below_minimum'],
    [
      'with a message too long',
      { amount: 500, tip: { message: 'x'.repeat(TIP_MESSAGE_MAX + 1) } },
      null,
    ],
    ['with another price', { amount: 500, priceCents: 400 }, 'priceMismatch'],
    ['with a discount code', { amount: 500, discountCode: 'HALF' }, 'discount_not_applicable'],
  ])('refuses a tip %s and starts nothing', async (_what, body, code) => {
    const fan = await createUser(t);
    const res = await cardTip(fan, { creatorId: creator.user.id, ...body });
    expect(res.statusCode, res.body).toBe(400);
    if (code) expect(res.json()).toMatchObject({ code });
    expect(await sessionsOf(fan)).toHaveLength(0);
  });

  it('accepts a message of exactly 280 characters after trimming', async () => {
    const fan = await createUser(t);
    const message = ` ${'y'.repeat(TIP_MESSAGE_MAX)} `;
    const res = await cardTip(fan, {
      creatorId: creator.user.id,
      amount: 500,
      tip: { message, showPublicly: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a tip to oneself, to someone who is not a creator, and a note on an item', async () => {
    const self = await cardTip(creator, { creatorId: creator.user.id, amount: 500 });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'cannot_tip_self' });
    expect(await sessionsOf(creator)).toHaveLength(0);

    const fan = await createUser(t);
    const plain = await createUser(t);
    const notCreator = await cardTip(fan, { creatorId: plain.user.id, amount: 500 });
    expect(notCreator.statusCode).toBe(404);
    expect(notCreator.json()).toMatchObject({ code: 'creator_not_found' });
    const missing = await cardTip(fan, { amount: 500 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'tip_needs_creator' });

    const item = await createItem(t, creator, { priceCents: 500 });
    const onItem = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: item.title, productId: item.id, tip: { message: 'hi' } },
    });
    expect(onItem.statusCode).toBe(400);
    expect(onItem.json()).toMatchObject({ code: 'tip_not_accepted' });
    expect(await sessionsOf(fan)).toHaveLength(0);
  });

  it('a fan who publishes an item counts as a creator and can be tipped', async () => {
    const maker = await createUser(t);
    await createItem(t, maker, { priceCents: 200 });
    const fan = await createUser(t);
    const res = await cardTip(fan, { creatorId: maker.user.id, amount: 500 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("only a creator reads their own tips; a fan's dashboard list is refused", async () => {
    const fan = await createUser(t);
    const res = await t.app.inject({ url: '/api/v1/creator/tips', headers: fan.auth });
    expect(res.statusCode).toBe(403);
  });

  it('is refunded like a sale: by its creator in part, by an admin in full, then off the page', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const { id } = await startCheckout(t, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 600,
      tip: { message: 'Keep going', showPublicly: true },
    });
    expect((await payLocal(t, id)).statusCode).toBe(200);
    const [entry] = await tipEarnings(star.user.id);
    expect(entry).toMatchObject({ grossCents: 600, amountCents: 540 });
    // It is a transaction of its creator's, the id the refund calls take.
    const list = await t.app.inject({ url: '/api/v1/creator/transactions', headers: star.auth });
    expect(list.json().transactions).toEqual([
      expect.objectContaining({ id: entry!.id, kind: 'tip', amountCents: 600, item: null }),
    ]);
    const refund = (who: TestUser, as: 'admin' | 'creator', body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/${as}/sales/${entry!.id}/refund`,
        headers: { ...who.auth, 'idempotency-key': uniqueName('refund-') },
        payload: body,
      });
    // Another creator does not learn of it.
    const other = await createUser(t, { role: 'creator' });
    expect((await refund(other, 'creator', {})).statusCode).toBe(404);

    const part = await refund(star, 'creator', { amountCents: 200 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().transaction).toMatchObject({ kind: 'tip', refundState: 'partial' });
    expect((await publicList(star.user.username)).tips).toHaveLength(1);
    const admin = await createUser(t, { role: 'admin' });
    const rest = await refund(admin, 'admin', {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      refund: { amountCents: 400 },
      transaction: { refundState: 'refunded', refundedCents: 600 },
    });
    expect((await refund(admin, 'admin', {})).json().code).toBe('payment_already_refunded');

    // The creator's earnings and the fee go back in proportion: nothing is left of the tip.
    const net = await t.db
      .select({ amountCents: ledgerEntries.amountCents, grossCents: ledgerEntries.grossCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, star.user.id), eq(ledgerEntries.account, 'earnings')));
    expect(net.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(net.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-360, -180, 540]);
    // Given back in full, it leaves the creator's page; their own list keeps it.
    expect((await publicList(star.user.username)).tips).toEqual([]);
    expect((await ownList(star)).tips).toHaveLength(1);
    const receipts = (await mailsTo(t, fan.user.email)).filter(
      (m) => m.template === 'refund-receipt',
    );
    expect(receipts.map((m) => m.subject).sort()).toEqual([
      'Your refund: €2.00',
      'Your refund: €4.00',
    ]);
    const notices = (await mailsTo(t, star.user.email)).filter(
      (m) => m.template === 'refund-notice',
    );
    expect(notices).toHaveLength(2);
  });

  it('answers 401 signed out', async () => {
    expect((await cardTip(null, { creatorId: creator.user.id, amount: 500 })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/creator/tips' })).statusCode).toBe(401);
  });
});

describe('a tip from the balance', () => {
  it('charges once under a double click with one key; a new key tips again', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await topUp(t, fan, '10.00');
    const body = {
      creatorId: star.user.id,
      amountCents: 300,
      message: 'cheers',
      showPublicly: true,
    };
    const key = uniqueName('double-');
    const answers = await Promise.all([
      balanceTip(t, fan, body, key),
      balanceTip(t, fan, body, key),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const [a, b] = answers.map((r) => r.json());
    expect(a.tipId).toBe(b.tipId);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 700, ledgerSumCents: 700 });
    expect(await tipsTo(star.user.id)).toHaveLength(1);
    expect(await tipEarnings(star.user.id)).toHaveLength(1);

    // A replay later changes nothing either.
    const later = await balanceTip(t, fan, body, key);
    expect(later.json()).toMatchObject({ tipId: a.tipId, replayed: true, balanceCents: 700 });
    // The same key for another creator is refused.
    const other = await createUser(t, { role: 'creator' });
    const reused = await balanceTip(t, fan, { ...body, creatorId: other.user.id }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });

    const next = await balanceTip(t, fan, body);
    expect(next.json()).toMatchObject({ replayed: false, balanceCents: 400 });
    const [booked] = await tipsTo(star.user.id);
    expect(booked).toMatchObject({ via: 'balance', netCents: 270, message: 'cheers' });
    // The fan's wallet history names the payments as tips.
    const wallet = await t.app.inject({ url: '/api/v1/wallet', headers: fan.auth });
    const kinds = (wallet.json() as { entries: { kind: string; amountCents: number }[] }).entries;
    expect(kinds.filter((e) => e.kind === 'tip').map((e) => e.amountCents)).toEqual([-300, -300]);
  });

  it('refuses without funds and without a key, changing nothing', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '2.00');
    const poor = await balanceTip(t, fan, { creatorId: creator.user.id, amountCents: 500 });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({
      code: 'tip_insufficient_balance',
      balanceCents: 200,
      priceCents: 500,
    });
    const keyless = await balanceTip(
      t,
      fan,
      { creatorId: creator.user.id, amountCents: 100 },
      null,
    );
    expect(keyless.statusCode).toBe(400);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 200, ledgerSumCents: 200 });
    const fanTips = await t.db.select().from(tips).where(eq(tips.fanId, fan.user.id));
    expect(fanTips).toHaveLength(0);
  });

  it('many tips at once never take the balance below zero', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '5.00');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        balanceTip(t, fan, { creatorId: creator.user.id, amountCents: 200 }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 402, 402]);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 100, ledgerSumCents: 100 });
  });

  it.each([
    [{ amountCents: TIP_MIN_CENTS - 1 }, 400],
    [{ amountCents: TIP_MAX_CENTS + 1 }, 400],
    [{ amountCents: 1.5 }, 400],
    [{ amountCents: 100, message: 'z'.repeat(TIP_MESSAGE_MAX + 1) }, 400],
    [{ amountCents: 100, creatorId: 'not-a-uuid' }, 400],
  ])('refuses %j with nothing changed', async (patch, status) => {
    const fan = await createUser(t);
    await topUp(t, fan, '10.00');
    const res = await balanceTip(t, fan, { creatorId: creator.user.id, ...patch });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toEqual(expect.any(String));
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 1000, ledgerSumCents: 1000 });
  });

  it('refuses a tip to oneself or to a non-creator, and signed out', async () => {
    await topUp(t, creator, '5.00');
    const self = await balanceTip(t, creator, { creatorId: creator.user.id, amountCents: 100 });
    expect(self.json()).toMatchObject({ code: 'cannot_tip_self' });
    const fan = await createUser(t);
    await topUp(t, fan, '5.00');
    const plain = await createUser(t);
    const notCreator = await balanceTip(t, fan, { creatorId: plain.user.id, amountCents: 100 });
    expect(notCreator.statusCode).toBe(404);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 500, ledgerSumCents: 500 });
    const signedOut = await balanceTip(t, null, { creatorId: creator.user.id, amountCents: 100 });
    expect(signedOut.statusCode).toBe(401);
  });

  it('a key used for an item unlock cannot pay a tip', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '10.00');
    const item = await createItem(t, creator, { priceCents: 200 });
    const key = uniqueName('unlock-');
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/unlock',
      headers: { ...fan.auth, 'idempotency-key': key },
      payload: { itemId: item.id },
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const res = await balanceTip(t, fan, { creatorId: creator.user.id, amountCents: 100 }, key);
    expect(res.statusCode).toBe(409);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 800, ledgerSumCents: 800 });
  });
});

/*
 * Two app instances on one PostgreSQL database, as behind a load balancer: the same payment
 * arriving at both books one tip. On PGlite one process owns the data: skipped there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
  });
  afterAll(() => other.close());

  it('one balance tip for one key sent to both', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await topUp(t, fan, '10.00');
    const body = { creatorId: star.user.id, amountCents: 250 };
    const key = uniqueName('both-');
    const answers = await Promise.all([
      balanceTip(t, fan, body, key),
      balanceTip(other, fan, body, key),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await tipsTo(star.user.id)).toHaveLength(1);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 750, ledgerSumCents: 750 });
  });

  it('one card tip for a checkout paid on both', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const { id } = await startCheckout(t, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 400,
    });
    const answers = await Promise.all([payLocal(t, id), payLocal(other, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await tipsTo(star.user.id)).toHaveLength(1);
    expect(await tipEarnings(star.user.id)).toHaveLength(1);
  });
});

describe('refunding a tip paid from the balance', () => {
  it('gives it back to the balance once, under racing double clicks', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    await topUp(t, fan, '10.00');
    const paid = await balanceTip(t, fan, {
      creatorId: star.user.id,
      amountCents: 700,
      showPublicly: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [entry] = await tipEarnings(star.user.id);
    const refund = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/sales/${entry!.id}/refund`,
        headers: { ...admin.auth, 'idempotency-key': key },
        payload: {},
      });
    const key = uniqueName('refund-');
    const same = await Promise.all(Array.from({ length: 4 }, () => refund(key)));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(same.filter((r) => !r.json().replayed)).toHaveLength(1);
    const others = await Promise.all(Array.from({ length: 4 }, () => refund(uniqueName('r-'))));
    expect(others.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 1000, ledgerSumCents: 1000 });
    const earnings = await t.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, star.user.id), eq(ledgerEntries.account, 'earnings')));
    expect(earnings.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect((await publicList(star.user.username)).tips).toEqual([]);
  });
});

describe('a tip by card through Stripe', () => {
  let fake: FakeStripe;
  let s: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await createTestApp({ env: stripeEnv(fake) });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  const deliver = (event: { payload: string; signature: string }) =>
    s.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  it('books one tip however often the webhook and the success page bring the payment', async () => {
    const star = await createUser(s, { role: 'creator' });
    const fan = await createUser(s);
    const { id } = await startCheckout(s, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 1200,
      tip: { message: 'For the tapes', showPublicly: true },
    });
    expect(fake.sessions.get(id)).toMatchObject({
      mode: 'payment',
      amount_total: 1200,
      metadata: { kind: 'tip', creatorId: star.user.id, tipMessage: 'For the tapes' },
    });
    const session = fake.pay(id, { email: 'payer@example.test' });
    const completed = fake.event('checkout.session.completed', { ...session });
    const answers = await Promise.all([
      deliver(completed),
      deliver(completed),
      s.app.inject({ url: `/v1/billing/retrieve-checkout-session/${id}`, headers: fan.auth }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: true });
    const booked = await s.db.select().from(tips).where(eq(tips.creatorId, star.user.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ amountCents: 1200, message: 'For the tapes', via: 'card' });
    const entries = await s.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, star.user.id), eq(ledgerEntries.kind, 'tip')));
    expect(entries).toHaveLength(1);
  });

  it('a webhook that comes before the checkout row rebuilds the tip from the metadata', async () => {
    const star = await createUser(s, { role: 'creator' });
    const fan = await createUser(s);
    const { id } = await startCheckout(s, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 800,
      tip: { message: 'early bird', showPublicly: true },
    });
    // As if the webhook had overtaken the insert of our row.
    await s.db.delete(checkoutSessions).where(eq(checkoutSessions.id, id));
    const session = fake.pay(id, { email: 'payer@example.test' });
    const res = await deliver(fake.event('checkout.session.completed', { ...session }));
    expect(res.statusCode, res.body).toBe(200);
    const booked = await s.db.select().from(tips).where(eq(tips.creatorId, star.user.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      amountCents: 800,
      message: 'early bird',
      showPublicly: true,
    });
  });

  it('a refund races charge.refunded: booked once, the money back at Stripe once', async () => {
    const star = await createUser(s, { role: 'creator' });
    const fan = await createUser(s);
    const admin = await createUser(s, { role: 'admin' });
    const { id } = await startCheckout(s, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 900,
      tip: { message: 'race', showPublicly: true },
    });
    const session = fake.pay(id, { email: 'payer@example.test' });
    expect(
      (await deliver(fake.event('checkout.session.completed', { ...session }))).statusCode,
    ).toBe(200);
    const paymentIntentId = session.payment_intent!;
    const [entry] = await s.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, star.user.id), eq(ledgerEntries.kind, 'tip')));
    const charge = fake.chargeOf(paymentIntentId);
    const racers = await Promise.all([
      s.app.inject({
        method: 'POST',
        url: `/api/v1/admin/sales/${entry!.id}/refund`,
        headers: { ...admin.auth, 'idempotency-key': uniqueName('refund-') },
        payload: {},
      }),
      ...Array.from({ length: 3 }, () => deliver(fake.event('charge.refunded', { ...charge }))),
    ]);
    expect(racers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(
      (await deliver(fake.event('charge.refunded', { ...fake.chargeOf(paymentIntentId) })))
        .statusCode,
    ).toBe(200);
    expect(fake.chargeOf(paymentIntentId)).toMatchObject({ amount_refunded: 900, refunded: true });
    const refunds = await s.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.transactionId, entry!.id));
    expect(refunds.map((r) => r.amountCents)).toEqual([900]);
    const earnings = await s.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, star.user.id), eq(ledgerEntries.account, 'earnings')));
    expect(earnings.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    const res = await s.app.inject({ url: `/api/v1/creators/${star.user.username}/tips` });
    expect(res.json().tips).toEqual([]);
  });

  it('a refund made in Stripe’s dashboard is booked from its webhook alone', async () => {
    const star = await createUser(s, { role: 'creator' });
    const fan = await createUser(s);
    const { id } = await startCheckout(s, fan, {
      tier: 'tip',
      creatorId: star.user.id,
      amount: 1000,
    });
    const session = fake.pay(id, { email: 'payer@example.test' });
    expect(
      (await deliver(fake.event('checkout.session.completed', { ...session }))).statusCode,
    ).toBe(200);
    const paymentIntentId = session.payment_intent!;
    fake.refund(paymentIntentId, 400);
    const webhook = fake.event('charge.refunded', { ...fake.chargeOf(paymentIntentId) });
    expect((await deliver(webhook)).statusCode).toBe(200);
    expect((await deliver(webhook)).statusCode).toBe(200);
    const [entry] = await s.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, star.user.id), eq(ledgerEntries.kind, 'tip')));
    const refunds = await s.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.transactionId, entry!.id));
    expect(refunds.map((r) => [r.cause, r.amountCents])).toEqual([['refund', 400]]);
  });
});
