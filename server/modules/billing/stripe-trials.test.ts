import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, subscriptions } from '../../db/schema/index';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { canViewItem } from '../access/index';
import { deliverOk, fresh, stripeHarness } from './stripe-test-helpers';
import { earningsEntries, startCheckout } from './test-helpers';

/*
 * Issue 43: free trials of memberships billed by Stripe. The checkout asks Stripe for a
 * subscription of the full price with trial_period_days; access starts at once and nothing is
 * booked; Stripe's first paid invoice at the trial's end is the first payment.
 */

const DAY = 86_400_000;
const T0 = new Date('2033-05-01T10:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const h = stripeHarness(T0);
const { clock } = h;

async function creatorWithTrial(days: number) {
  clock.set(T0.toISOString());
  const creator = await createUser(h.t, { role: 'creator' });
  const set = await h.t.app.inject({
    method: 'PUT',
    url: '/api/v1/creator/trials',
    headers: creator.auth,
    payload: { Hypr: days, HyprSoul: 0 },
  });
  expect(set.statusCode, set.body).toBe(200);
  const item = await createItem(h.t, creator, { priceCents: 0, tierRequired: 'Hypr' });
  return { creator, item };
}

async function membershipsOf(fan: TestUser, creatorId: string) {
  return h.t.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.creatorId, creatorId)));
}

describe('free trials with Stripe', () => {
  it('start with access and no charge; Stripe charges the full price once when the trial ends', async () => {
    const { creator, item } = await creatorWithTrial(7);
    const offer = await h.t.app.inject({ url: `/api/v1/creators/${creator.user.username}/trials` });
    expect(offer.json()).toEqual({ Hypr: 7, HyprSoul: 0 });
    const fan = await createUser(h.t);
    const session = await startCheckout(h.t, fan, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    expect(session).toMatchObject({ amountCents: 0, trialDays: 7 });
    // Stripe is asked for the tier's full price with a trial, not for a price of 0.
    expect(h.fake.sessions.get(session.id)).toMatchObject({
      mode: 'subscription',
      amount_total: 0,
      trialDays: 7,
      lineItem: { unitAmount: 500, interval: 'month' },
    });

    const paid = h.fake.pay(session.id, { periodStart: T0 });
    expect(paid.payment_status).toBe('no_payment_required');
    await deliverOk(h, 'checkout.session.completed', { id: session.id });
    await deliverOk(h, 'checkout.session.completed', { id: session.id });
    const subId = paid.subscription ?? '';
    await deliverOk(
      h,
      'invoice.paid',
      h.fake.invoice(subId, { amountPaid: 0, billingReason: 'subscription_create' }),
    );
    const [row] = await membershipsOf(fan, creator.user.id);
    expect(row).toMatchObject({ tier: 'Hypr', status: 'active', priceCents: 500 });
    expect(row?.trialEndsAt?.getTime()).toBe(at(7).getTime());
    expect(await earningsEntries(h.t, creator.user.id)).toHaveLength(0);
    const viewer = { id: fan.user.id, role: fan.user.role };
    expect(await canViewItem(h.t.db, viewer, item, at(6))).toBe(true);
    const list = await h.t.app.inject({
      url: '/api/v1/billing/subscriptions',
      headers: (await fresh(h.t, fan)).auth,
    });
    expect(list.json().subscriptions[0]).toMatchObject({
      trialEndsAt: at(7).toISOString(),
      canPause: false,
      tierChanges: [],
    });

    // The trial ends: Stripe charges $5 (replayed, booked once) and access runs a month on.
    clock.set(new Date(at(7).getTime() + 60_000).toISOString());
    h.fake.updateSubscription(subId, { status: 'active' });
    h.fake.setPeriod(subId, at(7), at(37));
    const renewal = h.fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_cycle' });
    await deliverOk(h, 'invoice.paid', renewal);
    await deliverOk(h, 'invoice.paid', renewal);
    expect((await earningsEntries(h.t, creator.user.id)).map((e) => e.grossCents)).toEqual([500]);
    expect(await canViewItem(h.t.db, viewer, item, at(36))).toBe(true);
  });

  it('gives a fan one trial per creator: a second one paid meanwhile ends at once and is charged', async () => {
    const { creator, item } = await creatorWithTrial(14);
    const fan = await createUser(h.t);
    // Two checkouts opened side by side, before either was paid: both offer the trial.
    const first = await startCheckout(h.t, fan, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    const second = await startCheckout(h.t, fan, {
      tier: 'Hypr',
      price: 5,
      creatorId: creator.user.id,
    });
    expect([first, second]).toMatchObject([{ trialDays: 14 }, { trialDays: 14 }]);
    h.fake.pay(first.id, { periodStart: T0 });
    const late = h.fake.pay(second.id, { periodStart: T0 });
    await deliverOk(h, 'checkout.session.completed', { id: first.id });
    await deliverOk(h, 'checkout.session.completed', { id: second.id });

    const subId = late.subscription ?? '';
    const ended = h.fake.requests.filter(
      (r) => r.path === `/v1/subscriptions/${subId}` && r.form.get('trial_end') === 'now',
    );
    expect(ended).toHaveLength(1);
    const rows = await membershipsOf(fan, creator.user.id);
    const trials = rows.filter((r) => r.trialEndsAt !== null);
    expect(trials).toHaveLength(1);
    const charged = rows.find((r) => r.providerSubscriptionId === subId);
    expect(charged).toMatchObject({ trialEndsAt: null });
    expect(charged?.currentPeriodEnd.getTime()).toBe(T0.getTime());
    const started = await h.t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.started'),
          eq(auditEvents.subjectId, charged?.id ?? ''),
        ),
      );
    expect(started).toMatchObject([{ data: { trialEndsAt: null } }]);

    // Its first period is paid at once, as Stripe invoices it.
    h.fake.setPeriod(subId, T0, at(30));
    await deliverOk(
      h,
      'invoice.paid',
      h.fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_update' }),
    );
    expect((await earningsEntries(h.t, creator.user.id)).map((e) => e.grossCents)).toEqual([500]);
    const viewer = { id: fan.user.id, role: fan.user.role };
    expect(await canViewItem(h.t.db, viewer, item, at(29))).toBe(true);
  });
});
