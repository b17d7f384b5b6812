import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { canViewItem } from '../access/index';
import { mailsTo } from '../mail/test-helpers';
import { runRenewals } from './renewals';
import {
  earningsEntries,
  manualClock,
  payLocal,
  startCheckout,
  TEST_CARD_OK,
} from './test-helpers';

/** Issue 43: a creator's paid tier starts with a free trial; the renewal at its end charges. */

const clock = manualClock('2033-03-01T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

const viewerOf = (u: TestUser) => ({ id: u.user.id, role: u.user.role });

function setTrials(u: TestUser, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/creator/trials',
    headers: u.auth,
    payload: payload as Record<string, unknown>,
  });
}

async function subscriptionsOf(fan: TestUser) {
  const res = await t.app.inject({
    url: '/api/v1/billing/subscriptions',
    headers: (await fresh(fan)).auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscriptions as Record<string, unknown>[];
}

async function creatorWithTrial(days = 7) {
  const creator = await createUser(t, { role: 'creator' });
  const set = await setTrials(creator, { Hypr: days, HyprSoul: 0 });
  expect(set.statusCode, set.body).toBe(200);
  const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
  return { creator, item };
}

async function startTrial(fan: TestUser, creator: TestUser) {
  const session = await startCheckout(t, await fresh(fan), {
    tier: 'Hypr',
    price: 5,
    creatorId: creator.user.id,
  });
  const summary = await t.app.inject({ url: `/api/v1/billing/local-checkout/${session.id}` });
  const paid = await payLocal(t, session.id, TEST_CARD_OK);
  expect(paid.statusCode, paid.body).toBe(200);
  return { session, summary: summary.json() as Record<string, unknown> };
}

describe('free trials (issue 43)', () => {
  it('trials charge at the end exactly once and only once per person', async () => {
    clock.set('2033-03-01T10:00:00.000Z');
    const { creator, item } = await creatorWithTrial(7);
    const fan = await createUser(t);

    const { session, summary } = await startTrial(fan, creator);
    expect(summary).toMatchObject({ amountTotal: 0, trialDays: 7, tier: 'Hypr' });
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(0);
    const [during] = await subscriptionsOf(fan);
    expect(during).toMatchObject({
      isActive: true,
      priceCents: 500,
      currentPeriodEnd: '2033-03-08T10:00:00.000Z',
      trialEndsAt: '2033-03-08T10:00:00.000Z',
      canPause: false,
      // Nothing is paid yet to prorate: the tier changes once the trial is paid.
      tierChanges: [],
    });
    const started = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.started'),
          eq(auditEvents.subjectId, String(during?.id)),
        ),
      );
    expect(started).toHaveLength(1);
    expect(session.id).toBeTruthy();

    // The trial's end: two instances run the job at once, then once more; one charge of $5.
    clock.set('2033-03-08T10:00:00.000Z');
    await Promise.all([
      runRenewals(t.db, t.config, clock.now()),
      runRenewals(t.db, t.config, clock.now()),
    ]);
    await runRenewals(t.db, t.config, clock.now());
    const entries = await earningsEntries(t, creator.user.id);
    expect(entries.map((e) => e.amountCents)).toEqual([450]);
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    const [after] = await subscriptionsOf(fan);
    expect(after).toMatchObject({
      currentPeriodEnd: '2033-04-08T10:00:00.000Z',
      trialEndsAt: null,
      canPause: true,
    });

    // Cancelled later and started again: no second trial, the tier's price at once.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${String(after?.id)}/cancel`,
      headers: (await fresh(fan)).auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    clock.set('2033-04-08T10:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    const again = await startCheckout(t, await fresh(fan), {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    expect(again).toMatchObject({ amountCents: 500 });
    expect((await payLocal(t, again.id)).statusCode).toBe(200);
    expect((await earningsEntries(t, creator.user.id)).map((e) => e.amountCents)).toEqual([
      450, 450,
    ]);
  });

  it('a trial start mails when it ends and what it costs then, not a receipt of $0.00', async () => {
    clock.set('2033-03-01T10:00:00.000Z');
    const { creator } = await creatorWithTrial(7);
    const fan = await createUser(t);
    const spanish = await createUser(t, { locale: 'es' });
    await startTrial(fan, creator);
    await startTrial(spanish, creator);
    const mails = await mailsTo(t, fan.user.email);
    expect(mails.filter((m) => m.template === 'membership-receipt')).toEqual([]);
    const [trial] = mails.filter((m) => m.template === 'membership-trial-started');
    expect(trial?.subject).toBe('Your free trial of Hypr has started');
    expect(trial?.text).toContain('runs until March 8, 2033; then $5.00/month.');
    expect(trial?.text).not.toContain('$0.00');
    const [prueba] = (await mailsTo(t, spanish.user.email)).filter(
      (m) => m.template === 'membership-trial-started',
    );
    expect(prueba?.text).toMatch(/dura hasta el 8 de marzo de 2033; después, 5,00\sUS\$ al mes\./);
    // The creator hears of a trial, not of a $0.00 subscription.
    const notices = (await mailsTo(t, creator.user.email)).filter((m) =>
      ['new-subscriber', 'new-trial-subscriber'].includes(m.template),
    );
    expect(notices.map((m) => m.template)).toEqual([
      'new-trial-subscriber',
      'new-trial-subscriber',
    ]);
    expect(notices[0]?.text).toContain('free trial of your Hypr tier. It runs until March 8, 2033');
    expect(notices.map((m) => m.text).join('\n')).not.toContain('0.00');
  });

  it('a second trial checkout paid after the first is refused and charges nothing', async () => {
    clock.set('2033-05-01T10:00:00.000Z');
    const { creator } = await creatorWithTrial(3);
    const fan = await createUser(t);
    const first = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    const second = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    expect(first).toMatchObject({ amountCents: 0, trialDays: 3 });
    expect(second).toMatchObject({ amountCents: 0 });
    expect((await payLocal(t, first.id)).statusCode).toBe(200);
    const refused = await payLocal(t, second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'trial_already_used' });
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, fan.user.id));
    expect(rows).toHaveLength(1);
  });

  it('two trial checkouts paid at once: one trial, the other refused', async () => {
    clock.set('2033-05-15T10:00:00.000Z');
    const { creator } = await creatorWithTrial(3);
    const fan = await createUser(t);
    const body = { tier: 'Hypr', price: 5, creatorId: creator.user.id };
    const a = await startCheckout(t, fan, body);
    const b = await startCheckout(t, fan, body);
    const answers = await Promise.all([payLocal(t, a.id), payLocal(t, b.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'trial_already_used',
    });
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, fan.user.id));
    expect(rows).toHaveLength(1);
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(0);
  });

  it('cancelling during the trial ends access at its end without a charge', async () => {
    clock.set('2033-06-01T10:00:00.000Z');
    const { creator, item } = await creatorWithTrial(5);
    const fan = await createUser(t);
    await startTrial(fan, creator);
    const [sub] = await subscriptionsOf(fan);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${String(sub?.id)}/cancel`,
      headers: (await fresh(fan)).auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true, isActive: true });
    clock.set('2033-06-06T09:59:59.000Z');
    await runRenewals(t.db, t.config, clock.now());
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(true);
    clock.set('2033-06-06T10:00:00.000Z');
    await runRenewals(t.db, t.config, clock.now());
    await runRenewals(t.db, t.config, clock.now());
    expect(await canViewItem(t.db, viewerOf(fan), item, clock.now())).toBe(false);
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(0);
    const [ended] = await subscriptionsOf(fan);
    expect(ended).toMatchObject({ status: 'canceled', trialEndsAt: null });
  });

  it('a discount code does not combine with a trial', async () => {
    clock.set('2033-07-01T10:00:00.000Z');
    const { creator } = await creatorWithTrial(7);
    const fan = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: 'Hypr', price: 5, creatorId: creator.user.id, discountCode: 'ANY' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'discount_not_applicable' });
  });

  it('settings: validated, own only, public on the tier card', async () => {
    clock.set('2033-08-01T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    for (const bad of [
      { Hypr: 31, HyprSoul: 0 },
      { Hypr: -1, HyprSoul: 0 },
      { Hypr: 2.5, HyprSoul: 0 },
      { Hypr: 7 },
      { Hypr: '7', HyprSoul: 0 },
      { Hypr: 7, HyprSoul: 0, Aura: 3 },
    ]) {
      const res = await setTrials(creator, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await t.app.inject({ url: '/api/v1/creator/trials', headers: creator.auth })).json(),
    ).toEqual({
      Hypr: 0,
      HyprSoul: 0,
    });
    // A fan offers no memberships: forbidden; signed out: 401.
    expect((await setTrials(fan, { Hypr: 7, HyprSoul: 0 })).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/creator/trials',
      payload: { Hypr: 7, HyprSoul: 0 },
    });
    expect(anon.statusCode).toBe(401);

    const set = await setTrials(creator, { Hypr: 30, HyprSoul: 7 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ Hypr: 30, HyprSoul: 7 });
    // The same settings again record no second event.
    expect((await setTrials(creator, { Hypr: 30, HyprSoul: 7 })).statusCode).toBe(200);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.trials_set'),
          eq(auditEvents.subjectId, creator.user.id),
        ),
      );
    expect(events).toHaveLength(1);
    const pub = await t.app.inject({ url: `/api/v1/creators/${creator.user.username}/trials` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ Hypr: 30, HyprSoul: 7 });
    const none = await t.app.inject({ url: `/api/v1/creators/${fan.user.username}/trials` });
    expect(none.statusCode).toBe(404);
    // 0 takes the trial off: a new member pays at once.
    expect((await setTrials(creator, { Hypr: 0, HyprSoul: 7 })).json()).toEqual({
      Hypr: 0,
      HyprSoul: 7,
    });
    const pays = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    expect(pays).toMatchObject({ amountCents: 500 });
  });
});
