import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemStatsResponse } from '../../../common/schemas/item-stats';
import type { TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { manualClock, payLocal, startCheckout, topUp } from '../billing/test-helpers';
import { publishItem } from '../items/test-helpers';
import { createMediaTestApp } from '../media/test-helpers';

const clock = manualClock('2031-06-01T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

/** Sign-in tokens expire as the clock moves on: a fresh one for the moved clock. */
async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

const stats = (id: number | string, user: TestUser | null) =>
  t.app.inject({ url: `/api/v1/creator/items/${id}/stats`, headers: user?.auth ?? {} });

const visit = (id: number, user: TestUser | null, remoteAddress = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/items/${id}/visit`,
    headers: user?.auth ?? {},
    remoteAddress,
  });

async function buy(fan: TestUser, itemId: number) {
  await topUp(t, fan, '10.00');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/unlock',
    headers: { ...fan.auth, 'idempotency-key': `stats-${itemId}-${fan.user.id}` },
    payload: { itemId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function join(fan: TestUser, creator: TestUser) {
  const session = await startCheckout(t, fan, {
    tier: 'Hypr',
    price: 5,
    productId: creator.user.id,
  });
  expect((await payLocal(t, session.id)).statusCode).toBe(200);
}

describe('GET /api/v1/creator/items/{id}/stats', () => {
  it('counts views, unique visitors, sales and members per day of the item’s first 7 days', async () => {
    clock.set('2031-06-01T10:00:00.000Z');
    let creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { price: '4.00' }, {});
    let a = await createUser(t);
    let b = await createUser(t);
    let c = await createUser(t);

    // Day 1: three visitors (one signed out), a sale, a new member.
    await visit(id, a);
    await visit(id, a);
    await visit(id, b);
    await visit(id, null, '198.51.100.4');
    await visit(id, creator);
    await buy(a, id);
    await join(c, creator);

    // Day 3: a comes back (a view, not a new visitor), b buys.
    clock.set('2031-06-03T08:00:00.000Z');
    a = await fresh(a);
    b = await fresh(b);
    await visit(id, a);
    await buy(b, id);

    // Day 9: past the window.
    clock.set('2031-06-09T08:00:00.000Z');
    c = await fresh(c);
    creator = await fresh(creator);
    await visit(id, c);

    const res = await stats(id, creator);
    expect(res.statusCode, res.body).toBe(200);
    const body = ItemStatsResponse.parse(res.json());
    expect(body.days).toEqual([
      '2031-06-01',
      '2031-06-02',
      '2031-06-03',
      '2031-06-04',
      '2031-06-05',
      '2031-06-06',
      '2031-06-07',
    ]);
    const series = Object.fromEntries(body.series.map((s) => [s.metric, s]));
    expect(series.views).toEqual({ metric: 'views', values: [3, 0, 1, 0, 0, 0, 0], total: 4 });
    expect(series.visitors).toEqual({
      metric: 'visitors',
      values: [3, 0, 0, 0, 0, 0, 0],
      total: 3,
    });
    expect(series.sales).toEqual({ metric: 'sales', values: [1, 0, 1, 0, 0, 0, 0], total: 2 });
    expect(series.members).toEqual({ metric: 'members', values: [1, 0, 0, 0, 0, 0, 0], total: 1 });
  });

  it('is its owner’s and staff’s only: 401 signed out, 403 to others, 200 to a moderator', async () => {
    clock.set('2031-06-10T10:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, {}, {});
    expect((await stats(id, null)).statusCode).toBe(401);
    for (const other of [await createUser(t), await createUser(t, { role: 'creator' })]) {
      const res = await stats(id, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const moderator = await createUser(t, { role: 'moderator' });
    expect((await stats(id, moderator)).statusCode).toBe(200);
  });

  it('answers 404 item_not_found for a malformed or unknown id and 400 for an overlong one', async () => {
    const creator = await createUser(t, { role: 'creator' });
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await stats(bad, creator);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().code).toBe('item_not_found');
    }
    const long = await stats('9'.repeat(41), creator);
    expect(long.statusCode).toBe(400);
  });
});
