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
  TEST_CARD_DECLINES_RENEWALS,
  TEST_CARD_OK,
} from './test-helpers';

/** Issue 43: a member changes tier without cancelling (upgrade now, downgrade at the period end). */

const clock = manualClock('2032-01-10T12:00:00.000Z');
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

async function member(tier: 'Hypr' | 'HyprSoul' = 'Hypr', card = TEST_CARD_OK) {
  const creator = await createUser(t, { role: 'creator' });
  const fan = await createUser(t);
  const hypr = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
  const soul = await createItem(t, creator, { priceCents: 0, tierRequired: 'HyprSoul' });
  const session = await startCheckout(t, fan, {
    tier,
    price: tier === 'Hypr' ? 5 : 15,
    creatorId: creator.user.id,
  });
  const paid = await payLocal(t, session.id, card);
  expect(paid.statusCode, paid.body).toBe(200);
  const list = await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: fan.auth });
  const id = list.json().subscriptions[0].id as string;
  return { creator, fan, hypr, soul, id };
}

function change(u: TestUser | null, id: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/billing/subscriptions/${id}/change`,
    ...(u ? { headers: u.auth } : {}),
    payload: payload as Record<string, unknown>,
  });
}

async function changeEvents(
  id: string,
  action: 'membership.tier_changed' | 'membership.upgrade_declined' = 'membership.tier_changed',
) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, action)));
}

async function renewAt(at: string) {
  clock.set(at);
  await runRenewals(t.db, t.config, clock.now());
}

describe('changing a membership tier (issue 43)', () => {
  it('upgrade charges the prorated difference once and opens the higher tier at once', async () => {
    clock.set('2032-01-10T12:00:00.000Z');
    const { creator, fan, hypr, soul, id } = await member();
    expect(await canViewItem(t.db, viewerOf(fan), soul, clock.now())).toBe(false);

    // Half of the 31-day period left: (1500 - 500) / 2 = 500 cents, quoted by the server.
    clock.set('2032-01-26T00:00:00.000Z');
    const me = await fresh(fan);
    const list = await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: me.auth });
    expect(list.json().subscriptions[0]).toMatchObject({
      tier: 'Hypr',
      pendingTier: null,
      tierChanges: [
        {
          tier: 'HyprSoul',
          direction: 'upgrade',
          amountCents: 500,
          priceAfterCents: 1500,
          currency: 'usd',
          effectiveAt: '2032-01-26T00:00:00.000Z',
        },
      ],
    });

    const up = await change(me, id, { tier: 'HyprSoul' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      tier: 'HyprSoul',
      priceCents: 1500,
      currentPeriodEnd: '2032-02-10T12:00:00.000Z',
      tierChanges: [{ tier: 'Hypr', direction: 'downgrade', amountCents: 0, priceAfterCents: 500 }],
    });
    expect(await canViewItem(t.db, viewerOf(fan), soul, clock.now())).toBe(true);
    expect(await canViewItem(t.db, viewerOf(fan), hypr, clock.now())).toBe(true);

    // The same request again (a retry) is answered 200 and charges nothing more.
    const again = await change(me, id, { tier: 'HyprSoul' });
    expect(again.statusCode, again.body).toBe(200);
    const upgrades = (await earningsEntries(t, creator.user.id)).filter((e) =>
      e.ref.startsWith('membership:upgrade:'),
    );
    expect(upgrades).toHaveLength(1);
    expect(upgrades[0]).toMatchObject({
      kind: 'membership',
      grossCents: 500,
      currency: 'usd',
      subscriptionId: id,
      buyerId: fan.user.id,
    });
    expect(upgrades[0]?.amountCents).toBeLessThan(500); // the platform fee, as a renewal
    const events = await changeEvents(id);
    expect(events).toHaveLength(1);
    // The receipt of the prorated charge, once.
    const receipts = (await mailsTo(t, fan.user.email)).filter(
      (m) => m.template === 'membership-upgraded',
    );
    expect(receipts).toHaveLength(1);

    const membership = await t.app.inject({
      url: `/api/v1/billing/membership/${creator.user.id}`,
      headers: me.auth,
    });
    expect(membership.json()).toMatchObject({ isSubscribed: true, tier: 'HyprSoul' });

    // The renewal charges the new price; the period end did not move.
    await renewAt('2032-02-10T12:00:00.000Z');
    const renewals = (await earningsEntries(t, creator.user.id)).filter((e) =>
      e.ref.startsWith('membership:renewal:'),
    );
    expect(renewals.map((e) => e.grossCents)).toEqual([1500]);
  });

  it('downgrade waits for the period end, can be dropped, and the renewal charges the lower price', async () => {
    clock.set('2032-03-01T00:00:00.000Z');
    const { creator, fan, hypr, soul, id } = await member('HyprSoul');
    clock.set('2032-03-15T00:00:00.000Z');
    const me = await fresh(fan);

    const down = await change(me, id, { tier: 'Hypr' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ tier: 'HyprSoul', pendingTier: 'Hypr', priceCents: 1500 });
    expect(await canViewItem(t.db, viewerOf(fan), soul, clock.now())).toBe(true);
    // Again: nothing changes. Keeping the current tier drops it; choosing it again sets it.
    expect((await change(me, id, { tier: 'Hypr' })).statusCode).toBe(200);
    const kept = await change(me, id, { tier: 'HyprSoul' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ tier: 'HyprSoul', pendingTier: null });
    expect((await change(me, id, { tier: 'Hypr' })).json()).toMatchObject({ pendingTier: 'Hypr' });
    expect(await changeEvents(id)).toHaveLength(3);
    // Nothing was charged for the downgrade.
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(1);

    await renewAt('2032-04-01T00:00:00.000Z');
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ tier: 'Hypr', priceCents: 500, pendingTier: null });
    expect(row?.currentPeriodEnd.toISOString()).toBe('2032-05-01T00:00:00.000Z');
    const renewals = (await earningsEntries(t, creator.user.id)).filter((e) =>
      e.ref.startsWith('membership:renewal:'),
    );
    expect(renewals.map((e) => e.grossCents)).toEqual([500]);
    expect(await canViewItem(t.db, viewerOf(fan), soul, clock.now())).toBe(false);
    expect(await canViewItem(t.db, viewerOf(fan), hypr, clock.now())).toBe(true);
  });

  it('a declined card changes nothing, and the audit log keeps the attempt', async () => {
    clock.set('2032-06-01T00:00:00.000Z');
    const { creator, fan, soul, id } = await member('Hypr', TEST_CARD_DECLINES_RENEWALS);
    const up = await change(fan, id, { tier: 'HyprSoul' });
    expect(up.statusCode).toBe(402);
    expect(up.json()).toMatchObject({ code: 'card_declined' });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ tier: 'Hypr', priceCents: 500 });
    expect(await canViewItem(t.db, viewerOf(fan), soul, clock.now())).toBe(false);
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(1);
    expect(await changeEvents(id)).toHaveLength(0);
    const declined = await changeEvents(id, 'membership.upgrade_declined');
    expect(declined.map((e) => [e.actorId, e.data])).toEqual([
      [
        fan.user.id,
        {
          fanId: fan.user.id,
          creatorId: creator.user.id,
          fromTier: 'Hypr',
          toTier: 'HyprSoul',
          amountCents: expect.any(Number),
          currency: 'usd',
        },
      ],
    ]);
    expect((declined[0]?.data as { amountCents: number }).amountCents).toBeGreaterThan(0);
  });

  it('refuses others, bad input, the same tier, cancelled, paused, ended and Stripe memberships', async () => {
    clock.set('2032-09-01T00:00:00.000Z');
    const { fan, id, creator } = await member();
    const stranger = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    expect((await change(null, id, { tier: 'HyprSoul' })).statusCode).toBe(401);
    expect((await change(stranger, id, { tier: 'HyprSoul' })).statusCode).toBe(404);
    expect((await change(admin, id, { tier: 'HyprSoul' })).statusCode).toBe(404);
    for (const payload of [
      {},
      { tier: 'Aura' },
      { tier: 'Gold' },
      { tier: 2 },
      { tier: 'Hypr', x: 1 },
    ]) {
      const bad = await change(fan, id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await change(fan, 'not-a-uuid', { tier: 'HyprSoul' })).statusCode).toBe(400);
    const same = await change(fan, id, { tier: 'Hypr' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 'membership_same_tier' });

    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/pause`,
      headers: fan.auth,
      payload: { periods: 1 },
    });
    expect(pause.statusCode).toBe(200);
    const paused = await change(fan, id, { tier: 'HyprSoul' });
    expect(paused.json()).toMatchObject({ code: 'membership_change_paused' });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/resume`,
      headers: fan.auth,
    });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/subscriptions/${id}/cancel`,
      headers: fan.auth,
    });
    expect(cancel.statusCode).toBe(200);
    const pending = await change(fan, id, { tier: 'HyprSoul' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'membership_cancel_pending' });
    await renewAt('2032-10-01T00:00:00.000Z');
    const ended = await change(await fresh(fan), id, { tier: 'HyprSoul' });
    expect(ended.json()).toMatchObject({ code: 'membership_ended' });

    // A raw row: this app takes local payments, so no service here makes a Stripe membership.
    const [stripeSub] = await t.db
      .insert(subscriptions)
      .values({
        provider: 'stripe',
        providerSubscriptionId: `sub_change_${id}`,
        userId: fan.user.id,
        creatorId: creator.user.id,
        tier: 'Hypr',
        priceCents: 500,
        currency: 'usd',
        currentPeriodStart: clock.now(),
        currentPeriodEnd: new Date('2032-11-01T00:00:00.000Z'),
      })
      .returning();
    const stripe = await change(await fresh(fan), stripeSub?.id ?? '', { tier: 'HyprSoul' });
    expect(stripe.statusCode).toBe(409);
    expect(stripe.json()).toMatchObject({ code: 'membership_change_unsupported' });
    expect(await changeEvents(id)).toHaveLength(0);
    expect(await earningsEntries(t, creator.user.id)).toHaveLength(1);
  });
});
