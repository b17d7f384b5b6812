import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, subscriptions } from '../../db/schema/index';
import type { TestUser } from '../../test/factories';
import {
  deliverOk as deliverOkTo,
  fresh,
  stripeMember as stripeMemberOf,
  stripeHarness,
} from './stripe-test-helpers';

/*
 * Issue 43: pausing a membership billed by Stripe. Aura keeps the pause as for the local
 * provider; Stripe is told through pause_collection (its invoices until pausedUntil are voided)
 * in the same use case, so a Stripe failure changes nothing here.
 */

const DAY = 86_400_000;
const T0 = new Date('2032-02-01T10:00:00.000Z');
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY + hours * 3600_000);

const h = stripeHarness(T0);
const { clock } = h;

const deliverOk = (type: string, object: object) => deliverOkTo(h, type, object);
const stripeMember = () => stripeMemberOf(h, { start: T0, end: at(30) });

async function post(fan: TestUser, id: string, action: 'pause' | 'resume', periods?: number) {
  return h.t.app.inject({
    method: 'POST',
    url: `/api/v1/billing/subscriptions/${id}/${action}`,
    headers: (await fresh(h.t, fan)).auth,
    ...(periods === undefined ? {} : { payload: { periods } }),
  });
}

const row = async (id: string) =>
  (await h.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

const updates = (subId: string) =>
  h.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`);

async function eventsOf(id: string, action: 'membership.paused' | 'membership.resumed') {
  return h.t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, action)));
}

describe('pausing a Stripe membership', () => {
  it('pauses collection at Stripe once, keeps access to the period end, and ends the pause with the first paid invoice', async () => {
    const { fan, subId, id, sees } = await stripeMember();
    clock.set(at(5).toISOString());
    const list = await h.t.app.inject({
      url: '/api/v1/billing/subscriptions',
      headers: (await fresh(h.t, fan)).auth,
    });
    expect(list.json().subscriptions[0]).toMatchObject({ id, canPause: true });

    const paused = await post(fan, id, 'pause', 2);
    expect(paused.statusCode, paused.body).toBe(200);
    const pausedUntil = new Date(paused.json().pausedUntil as string);
    expect(pausedUntil.getTime()).toBeGreaterThan(at(58).getTime());
    expect(paused.json()).toMatchObject({
      isPaused: false,
      isActive: true,
      canPause: false,
    });
    expect(h.fake.subscriptions.get(subId)?.pause_collection).toEqual({
      behavior: 'void',
      resumes_at: Math.floor(pausedUntil.getTime() / 1000),
    });
    // A double click or a replay: the same answer, one Stripe call, one event.
    const again = await post(fan, id, 'pause', 2);
    expect(again.statusCode, again.body).toBe(200);
    expect(updates(subId)).toHaveLength(1);
    expect(updates(subId)[0]?.form.get('pause_collection[resumes_at]')).toBe(
      String(Math.floor(pausedUntil.getTime() / 1000)),
    );
    expect(await eventsOf(id, 'membership.paused')).toHaveLength(1);

    // Access ends with the paid period; Stripe's next (voided) period extends nothing.
    expect(await sees(at(29))).toBe(true);
    clock.set(at(30, 1).toISOString());
    h.fake.setPeriod(subId, at(30), at(60));
    expect(() =>
      h.fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_cycle' }),
    ).toThrow(/voided/);
    await deliverOk('customer.subscription.updated', h.fake.subscriptions.get(subId) ?? {});
    expect(await row(id)).toMatchObject({ currentPeriodEnd: at(30), pausedUntil });
    expect(await sees(at(31))).toBe(false);
    const during = await h.t.app.inject({
      url: '/api/v1/billing/subscriptions',
      headers: (await fresh(h.t, fan)).auth,
    });
    expect(during.json().subscriptions[0]).toMatchObject({ isPaused: true, isActive: false });

    // Stripe resumes collection at resumes_at and the first invoice after it is paid.
    clock.set(new Date(pausedUntil.getTime() + 3600_000).toISOString());
    h.fake.updateSubscription(subId, { pause_collection: null });
    const end = new Date(pausedUntil.getTime() + 30 * DAY);
    h.fake.setPeriod(subId, pausedUntil, end);
    await deliverOk(
      'invoice.paid',
      h.fake.invoice(subId, { amountPaid: 500, billingReason: 'subscription_cycle' }),
    );
    expect(await row(id)).toMatchObject({ pausedUntil: null, currentPeriodEnd: end });
    expect(await eventsOf(id, 'membership.resumed')).toMatchObject([{ data: { early: false } }]);
    expect(await sees(new Date(end.getTime() - DAY))).toBe(true);
  });

  it('clears the pause at Stripe on an early resume, before and during the pause', async () => {
    const before = await stripeMember();
    clock.set(at(5).toISOString());
    expect((await post(before.fan, before.id, 'pause', 1)).statusCode).toBe(200);
    const resumed = await post(before.fan, before.id, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ pausedUntil: null, isActive: true });
    expect(h.fake.subscriptions.get(before.subId)?.pause_collection).toBeNull();
    const [, clear] = updates(before.subId);
    expect(clear?.form.get('pause_collection')).toBe('');
    expect(clear?.form.has('billing_cycle_anchor[type]')).toBe(false);
    expect(await before.sees(at(29))).toBe(true);
    // Resuming again changes nothing and asks Stripe nothing.
    expect((await post(before.fan, before.id, 'resume')).statusCode).toBe(200);
    expect(updates(before.subId)).toHaveLength(2);

    // During the pause: Stripe starts a new period now and charges it; its invoice returns access.
    const during = await stripeMember();
    clock.set(at(5).toISOString());
    expect((await post(during.fan, during.id, 'pause', 2)).statusCode).toBe(200);
    clock.set(at(40).toISOString());
    expect(await during.sees(at(40))).toBe(false);
    const back = await post(during.fan, during.id, 'resume');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ pausedUntil: null });
    const [, renew] = updates(during.subId);
    expect(renew?.form.get('pause_collection')).toBe('');
    expect(renew?.form.get('billing_cycle_anchor[type]')).toBe('now');
    expect(renew?.form.get('proration_behavior')).toBe('none');
    expect(await eventsOf(during.id, 'membership.resumed')).toHaveLength(1);
    h.fake.setPeriod(during.subId, at(40), at(70));
    await deliverOk(
      'invoice.paid',
      h.fake.invoice(during.subId, { amountPaid: 500, billingReason: 'subscription_cycle' }),
    );
    expect(await during.sees(at(69))).toBe(true);
  });

  it('changes nothing when Stripe refuses or fails, and says so', async () => {
    const { fan, subId, id, sees } = await stripeMember();
    clock.set(at(5).toISOString());
    for (const status of [500, 402] as const) {
      h.fake.failSubscriptionUpdates = status;
      const res = await post(fan, id, 'pause', 1);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ code: 'payment_provider_unreachable' });
    }
    h.fake.failSubscriptionUpdates = null;
    expect(await row(id)).toMatchObject({ pausedUntil: null });
    expect(await eventsOf(id, 'membership.paused')).toHaveLength(0);
    expect(h.fake.subscriptions.get(subId)?.pause_collection).toBeNull();
    expect(await sees(at(29))).toBe(true);

    // Then it works; a failing resume leaves the pause in place, here and at Stripe.
    expect((await post(fan, id, 'pause', 1)).statusCode).toBe(200);
    const { pausedUntil } = (await row(id)) ?? {};
    h.fake.failSubscriptionUpdates = 500;
    const resume = await post(fan, id, 'resume');
    h.fake.failSubscriptionUpdates = null;
    expect(resume.statusCode, resume.body).toBe(502);
    expect(await row(id)).toMatchObject({ pausedUntil });
    expect(h.fake.subscriptions.get(subId)?.pause_collection).not.toBeNull();
    expect(await eventsOf(id, 'membership.resumed')).toHaveLength(0);
  });
});
