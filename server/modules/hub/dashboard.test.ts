import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../../common/rules/money';
import type { HubDashboardResponse } from '../../../common/schemas/hub';
import { items, ledgerEntries, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { manualClock, payLocal, startCheckout } from '../billing/test-helpers';
import { bookEarningsEntry } from '../billing/test-helpers';
import { creatorWithItem, okJson } from './test-helpers';

/*
 * The hub dashboard (issue 15): every figure from the database, money per currency, the week
 * Monday to Sunday in HUB_TIME_ZONE. The clock is injected and set years ahead, so the week's
 * ledger holds only this file's entries even on a shared PostgreSQL database.
 */

const ZONE = 'Europe/Berlin';
// Wednesday 13 August 2031, 11:30 in Berlin.
const clock = manualClock('2031-08-13T09:30:00Z');
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // Tokens outlive the clock's jumps between 2031 and 2035.
  // Its own database: the KPIs are sums over every row, which other files add to.
  t = await createTestApp({
    ownDatabase: true,
    clock,
    env: { HUB_TIME_ZONE: ZONE, JWT_TTL_SECONDS: String(10 * 365 * 86_400) },
  });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const dashboard = () =>
  okJson<HubDashboardResponse>(t.app.inject({ url: '/api/v1/hub/dashboard', headers: admin.auth }));

/** Gross revenue per Berlin date and currency, straight from the ledger (no hub code). */
async function revenueByDateFromLedger(): Promise<Map<string, Record<string, number>>> {
  const rows = await t.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        inArray(ledgerEntries.kind, ['sale', 'membership']),
      ),
    );
  const byDate = new Map<string, Record<string, number>>();
  const berlinDate = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });
  for (const row of rows) {
    const date = berlinDate.format(row.createdAt);
    const day = byDate.get(date) ?? {};
    day[row.currency] = (day[row.currency] ?? 0) + (row.grossCents ?? 0);
    byDate.set(date, day);
  }
  return byDate;
}

const asRecord = (amounts: { currency: Currency; cents: number }[]) =>
  Object.fromEntries(amounts.map((a) => [a.currency, a.cents]));

async function payAt(iso: string, fan: TestUser, body: Record<string, unknown>) {
  clock.set(iso);
  const session = await startCheckout(t, fan, body);
  const paid = await payLocal(t, session.id);
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('GET /api/v1/hub/dashboard', () => {
  // First, before any membership exists that the renewal job could renew in the moved clock's week.
  it('puts entries into the right day at the Monday and Sunday boundaries of the zone', async () => {
    const { creator } = await creatorWithItem(t);
    const at = (iso: string, grossCents: number, currency: Currency = 'eur') =>
      bookEarningsEntry(t, { creatorId: creator.user.id, grossCents, currency, at: new Date(iso) });
    // The week of Monday 19 March 2035 in Berlin: Monday starts 18 March 23:00 UTC (CET);
    // clocks spring forward on Sunday 25 March, so the week ends 25 March 22:00 UTC (CEST).
    await at('2035-03-18T22:59:59.999Z', 101); // Sunday 23:59:59.999 of the week before
    await at('2035-03-18T23:00:00.000Z', 202); // Monday 00:00
    await at('2035-03-18T23:00:00.000Z', 7, 'usd'); // the same instant in dollars
    await at('2035-03-25T21:59:59.999Z', 303); // Sunday 23:59:59.999
    await at('2035-03-25T22:00:00.000Z', 404); // Monday 00:00 of the next week

    clock.set('2035-03-25T21:30:00Z'); // Sunday 23:30 in Berlin
    const sunday = await dashboard();
    expect(sunday.week.days.map((d) => d.date)).toEqual([
      '2035-03-19',
      '2035-03-20',
      '2035-03-21',
      '2035-03-22',
      '2035-03-23',
      '2035-03-24',
      '2035-03-25',
    ]);
    expect(sunday.week.todayIndex).toBe(6);
    expect(sunday.week.days.map((d) => asRecord(d.revenue))).toEqual([
      { eur: 202, usd: 7 },
      {},
      {},
      {},
      {},
      {},
      { eur: 303 },
    ]);
    expect(sunday.kpis.revenueToday).toEqual([{ currency: 'eur', cents: 303 }]);

    // At the last millisecond of the week before, "today" is that Sunday.
    clock.set('2035-03-18T22:59:59.999Z');
    const before = await dashboard();
    expect(before.week.todayIndex).toBe(6);
    expect(before.week.days[6]!.date).toBe('2035-03-18');
    expect(before.kpis.revenueToday).toEqual([{ currency: 'eur', cents: 101 }]);

    // The first instant of the next week starts it afresh.
    clock.set('2035-03-25T22:00:00.000Z');
    const next = await dashboard();
    expect(next.week.todayIndex).toBe(0);
    expect(next.week.days[0]!.date).toBe('2035-03-26');
    expect(next.kpis.revenueToday).toEqual([{ currency: 'eur', cents: 404 }]);
    expect(next.week.currencies).toEqual(['eur']);
  });

  it('answers KPIs equal to sums computed independently from the ledger, per currency', async () => {
    const euro = await creatorWithItem(t, { priceCents: 1250 });
    const dollar = await creatorWithItem(t);
    const fans = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    // Monday morning, Tuesday night, and today (Wednesday) in Berlin, through real checkouts.
    await payAt('2031-08-11T06:00:00Z', fans[0]!, {
      tier: euro.item.title,
      price: '12.50',
      productId: euro.item.id,
    });
    await payAt('2031-08-12T21:59:00Z', fans[1]!, {
      tier: 'HyprSoul',
      price: '15',
      creatorId: dollar.creator.user.id,
    });
    await payAt('2031-08-13T07:00:00Z', fans[2]!, {
      tier: euro.item.title,
      price: '12.50',
      productId: euro.item.id,
    });
    await payAt('2031-08-13T08:00:00Z', fans[3]!, {
      tier: 'Hypr',
      price: '5',
      creatorId: dollar.creator.user.id,
    });
    clock.set('2031-08-13T09:30:00Z');

    const before = await independentCounts();
    const body = await dashboard();
    const after = await independentCounts();

    // Today (Wednesday): 12.50 EUR and 5.00 USD gross, never added together.
    expect(body.kpis.revenueToday).toEqual([
      { currency: 'eur', cents: 1250 },
      { currency: 'usd', cents: 500 },
    ]);
    expect(body.week).toMatchObject({ timeZone: ZONE, todayIndex: 2, currencies: ['eur', 'usd'] });
    const ledger = await revenueByDateFromLedger();
    for (const day of body.week.days) {
      expect(asRecord(day.revenue), day.date).toEqual(ledger.get(day.date) ?? {});
    }
    expect(asRecord(body.week.days[0]!.revenue)).toEqual({ eur: 1250 });
    // 23:59 on Tuesday in Berlin is 21:59 UTC: Tuesday, not Wednesday.
    expect(asRecord(body.week.days[1]!.revenue)).toEqual({ usd: 1500 });
    expect(asRecord(body.kpis.revenueToday)).toEqual(ledger.get('2031-08-13'));

    // Counts lie between two independent counts taken around the call (equal on a private database).
    for (const kpi of ['totalAuras', 'activeCreators'] as const) {
      expect(body.kpis[kpi]).toBeGreaterThanOrEqual(Math.min(before[kpi], after[kpi]));
      expect(body.kpis[kpi]).toBeLessThanOrEqual(Math.max(before[kpi], after[kpi]));
    }
  });

  it('lists auras with owner, status and net earnings in their currency', async () => {
    clock.set('2031-08-13T09:30:00Z');
    const seller = await creatorWithItem(t, { displayName: 'Sol Seller', priceCents: 2000 });
    const paused = await creatorWithItem(t);
    const banned = await creatorWithItem(t);
    await t.db.update(items).set({ status: 'unavailable' }).where(eq(items.id, paused.item.id));
    await t.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, banned.creator.user.id));
    await payAt('2031-08-13T09:00:00Z', await createUser(t), {
      tier: seller.item.title,
      price: '20',
      productId: seller.item.id,
    });
    // The table shows the best sellers: lift these above anything else in a shared database.
    await t.db
      .update(items)
      .set({ salesCount: 1_000_000 })
      .where(inArray(items.id, [seller.item.id, paused.item.id, banned.item.id]));
    clock.set('2031-08-13T09:30:00Z');

    const { auras } = await dashboard();
    const row = (id: number) => auras.find((a) => a.id === id);
    expect(row(seller.item.id)).toEqual({
      id: seller.item.id,
      name: seller.item.title,
      owner: 'Sol Seller',
      ownerId: seller.creator.user.id,
      status: 'active',
      earnings: { currency: 'eur', cents: 1800 },
      sales: 1_000_000,
    });
    expect(row(paused.item.id)).toMatchObject({ status: 'pending', earnings: { cents: 0 } });
    expect(row(banned.item.id)).toMatchObject({ status: 'suspended' });
    expect(auras.length).toBeLessThanOrEqual(50);
  });
});

/** totalAuras and activeCreators counted in plain code from every row (no hub SQL). */
async function independentCounts() {
  const people = await t.db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users);
  const allItems = await t.db
    .select({ creatorId: items.creatorId, status: items.status })
    .from(items);
  const statusOf = new Map(people.map((p) => [p.id, p.status]));
  const totalAuras = allItems.filter(
    (i) => i.status === 'available' && statusOf.get(i.creatorId) === 'active',
  ).length;
  const activeCreators = people.filter(
    (p) =>
      p.status === 'active' &&
      allItems.some((i) => i.creatorId === p.id && i.status === 'available'),
  ).length;
  return { totalAuras, activeCreators };
}
