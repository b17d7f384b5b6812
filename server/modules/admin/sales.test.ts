import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSalesResponse } from '../../../common/schemas/admin';
import { items } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { manualClock, payLocal, startCheckout } from '../billing/test-helpers';
import { fillDays, windowDays } from './sales';
import { inject } from './test-helpers';

// A clock far from every other test file's sales, so the 30-day window holds only these.
const clock = manualClock('2031-03-01T12:00:00.000Z');
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

async function buy(fan: TestUser, item: { id: number; title: string }, price: string) {
  const { id } = await startCheckout(t, fan, { tier: item.title, price, productId: item.id });
  const paid = await payLocal(t, id);
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('GET /api/v1/admin/sales', () => {
  it('lists sales per item with revenue per currency and the 30 days per day', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const [a, b] = [await createUser(t), await createUser(t)];
    const euro = await createItem(t, creator, { priceCents: 1234, title: 'Euro loop' });
    const dollar = await createItem(t, creator, { priceCents: 500, title: 'Dollar kit' });
    await t.db.update(items).set({ currency: 'usd' }).where(eq(items.id, dollar.id));

    await buy(a, euro, '12.34');
    await buy(b, euro, '12.34');
    clock.advanceDays(3);
    await buy(a, dollar, '5.00');

    const res = await inject(t, admin, 'GET', '/api/v1/admin/sales');
    expect(res.statusCode, res.body).toBe(200);
    const body = AdminSalesResponse.parse(res.json());
    expect(body.sales.find((s) => s.id === euro.id)).toEqual({
      id: euro.id,
      product: 'Euro loop',
      creatorId: creator.user.id,
      sales: 2,
      revenue: '€24.68',
      revenueCents: 2468,
      refundedCents: 0,
      currency: 'eur',
    });
    expect(body.sales.find((s) => s.id === dollar.id)).toMatchObject({
      sales: 1,
      revenue: '$5.00',
      currency: 'usd',
    });

    // 30 days for each currency sold, zeros included, never added across currencies.
    expect(body.daily).toHaveLength(60);
    const eur = body.daily.filter((d) => d.currency === 'eur');
    expect(eur.at(-4)).toEqual({
      day: '2031-03-01',
      currency: 'eur',
      sales: 2,
      revenueCents: 2468,
      refundedCents: 0,
    });
    expect(eur.at(-1)).toEqual({
      day: '2031-03-04',
      currency: 'eur',
      sales: 0,
      revenueCents: 0,
      refundedCents: 0,
    });
    expect(body.daily.filter((d) => d.currency === 'usd').at(-1)).toMatchObject({
      day: '2031-03-04',
      sales: 1,
      revenueCents: 500,
    });
    expect(body.totals).toEqual([
      { currency: 'eur', sales: 2, revenueCents: 2468, refundedCents: 0, revenue: '€24.68' },
      { currency: 'usd', sales: 1, revenueCents: 500, refundedCents: 0, revenue: '$5.00' },
    ]);
    expect(body.from).toBe('2031-02-03T00:00:00.000Z');
    expect(body.to).toBe('2031-03-05T00:00:00.000Z');

    // A month later the chart's window has moved past them; the best sellers still list them.
    clock.advanceDays(40);
    // Tokens last a week: sign a fresh admin in at the new date.
    const laterAdmin = await createUser(t, { role: 'admin' });
    const later = AdminSalesResponse.parse(
      (await inject(t, laterAdmin, 'GET', '/api/v1/admin/sales')).json(),
    );
    expect(later.daily).toEqual([]);
    expect(later.totals).toEqual([]);
    expect(later.sales.find((s) => s.id === euro.id)?.sales).toBe(2);
  });
});

describe('GET /api/v1/admin/sales after refunds', () => {
  it('counts net of refunds: a full refund is no sale, a partial one lowers the revenue', async () => {
    clock.set('2031-06-10T12:00:00.000Z');
    const staff = await createUser(t, { role: 'admin' });
    const creator = await createUser(t, { role: 'creator' });
    const fans = [await createUser(t), await createUser(t), await createUser(t)];
    const kept = await createItem(t, creator, { priceCents: 1000, title: 'Kept loop' });
    const gone = await createItem(t, creator, { priceCents: 700, title: 'Gone loop' });
    for (const fan of fans) await buy(fan, kept, '10.00');
    await buy(fans[0]!, gone, '7.00');

    const transactionsOf = async (itemId: number) =>
      (await inject(t, staff, 'GET', `/api/v1/admin/transactions?itemId=${itemId}`)).json()
        .transactions as { id: number }[];
    const refund = async (id: number, body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/sales/${id}/refund`,
        headers: { ...staff.auth, 'idempotency-key': `sales-${id}-${JSON.stringify(body).length}` },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The next day: one sale of the kept item back in full, one 4.00 of 10.00, the other one all.
    clock.advanceDays(1);
    const [third, second] = await transactionsOf(kept.id);
    await refund(third!.id, {});
    await refund(second!.id, { amountCents: 400 });
    const [goneSale] = await transactionsOf(gone.id);
    await refund(goneSale!.id, {});

    const res = await inject(t, staff, 'GET', '/api/v1/admin/sales');
    expect(res.statusCode, res.body).toBe(200);
    const body = AdminSalesResponse.parse(res.json());
    expect(body.sales.find((s) => s.id === kept.id)).toMatchObject({
      sales: 2,
      revenueCents: 1600,
      refundedCents: 1400,
      revenue: '€16.00',
    });
    // Every sale of it went back: it sold nothing.
    expect(body.sales.find((s) => s.id === gone.id)).toBeUndefined();
    // Refunds count against the day of their sale, not the day they were made.
    expect(body.daily.filter((d) => d.sales > 0 || d.refundedCents > 0)).toEqual([
      { day: '2031-06-10', currency: 'eur', sales: 2, revenueCents: 1600, refundedCents: 2100 },
    ]);
    expect(body.totals).toEqual([
      { currency: 'eur', sales: 2, revenueCents: 1600, refundedCents: 2100, revenue: '€16.00' },
    ]);
  });
});

describe('the 30-day window', () => {
  it('ends today (UTC) and fills the quiet days of each currency', () => {
    const days = windowDays(new Date('2031-01-15T23:59:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2030-12-17');
    expect(days.at(-1)).toBe('2031-01-15');
    const filled = fillDays(days, [
      { day: '2031-01-10', currency: 'usd', sales: 2, revenueCents: 900, refundedCents: 100 },
    ]);
    expect(filled).toHaveLength(30);
    expect(filled.filter((d) => d.sales > 0)).toEqual([
      { day: '2031-01-10', currency: 'usd', sales: 2, revenueCents: 900, refundedCents: 100 },
    ]);
    expect(fillDays(days, [])).toEqual([]);
  });
});
