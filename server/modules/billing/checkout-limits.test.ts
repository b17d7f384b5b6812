import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import {
  CHECKOUT_PRUNE_BATCH,
  CHECKOUT_PRUNE_JOB,
  EXPIRED_CHECKOUTS_KEPT_MS,
  pruneExpiredCheckouts,
} from './checkout-prune';
import { payLocal, startCheckout } from './test-helpers';

// Its own database: the prune deletes every user's old unpaid sessions, and counts them.
let t: TestApp;
const CHECKOUT_SESSIONS_PER_MINUTE = 5;
beforeAll(async () => {
  t = await createTestApp({
    ownDatabase: true,
    env: { CHECKOUT_RATE_LIMIT_PER_MINUTE: String(CHECKOUT_SESSIONS_PER_MINUTE) },
  });
});
afterAll(() => t.close());

const TOPUP = { tier: 'topup', price: '5', productId: 'topup' };
const createSession = (who: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/create-checkout-session',
    headers: who.auth,
    payload: TOPUP,
  });
const sessionsOf = async (who: TestUser) =>
  (await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, who.user.id)))
    .length;

describe('creating checkout sessions is rate-limited per user', () => {
  it('answers 429 past the limit, stores nothing more, and leaves other users alone', async () => {
    const eager = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < CHECKOUT_SESSIONS_PER_MINUTE; i += 1) {
      const res = await createSession(eager);
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await createSession(eager);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
    expect(await sessionsOf(eager)).toBe(CHECKOUT_SESSIONS_PER_MINUTE);

    expect((await createSession(other)).statusCode).toBe(200);
  });
});

describe('pruning expired checkout sessions', () => {
  const now = new Date();

  /** Moves a session's expiry to `ms` before `now`. */
  const expireAgo = (id: string, ms: number) =>
    t.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(now.getTime() - ms) })
      .where(eq(checkoutSessions.id, id));

  it('deletes unpaid sessions a day past their expiry and keeps paid and recent ones', async () => {
    const buyer = await createUser(t);
    const stale = await startCheckout(t, buyer, TOPUP);
    const recent = await startCheckout(t, buyer, TOPUP);
    const paid = await startCheckout(t, buyer, TOPUP);
    expect((await payLocal(t, paid.id)).statusCode).toBe(200);
    await expireAgo(stale.id, EXPIRED_CHECKOUTS_KEPT_MS + 60_000);
    await expireAgo(recent.id, EXPIRED_CHECKOUTS_KEPT_MS - 60_000);
    await expireAgo(paid.id, 30 * 24 * 3600_000);

    expect(await pruneExpiredCheckouts(t.db, now)).toBe(1);
    const left = await t.db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(inArray(checkoutSessions.id, [stale.id, recent.id, paid.id]));
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, paid.id].sort());
    expect(await pruneExpiredCheckouts(t.db, now)).toBe(0);
  });

  it('deletes more than one batch', async () => {
    const buyer = await createUser(t);
    const { id } = await startCheckout(t, buyer, TOPUP);
    const expiresAt = new Date(now.getTime() - EXPIRED_CHECKOUTS_KEPT_MS - 60_000).toISOString();
    // Copies of one real session, expired.
    await t.db.execute(sql`
      insert into ${checkoutSessions} (id, provider, kind, user_id, label, amount_cents, currency,
        expires_at)
      select id || '_' || n, provider, kind, user_id, label, amount_cents, currency,
        ${expiresAt}::timestamptz
      from ${checkoutSessions}, generate_series(1, ${CHECKOUT_PRUNE_BATCH + 2}::int) n
      where id = ${id}`);
    expect(await pruneExpiredCheckouts(t.db, now)).toBe(CHECKOUT_PRUNE_BATCH + 2);
    expect(await sessionsOf(buyer)).toBe(1);
  });

  it('is a periodic job of the app', async () => {
    const buyer = await createUser(t);
    const stale = await startCheckout(t, buyer, TOPUP);
    await t.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - EXPIRED_CHECKOUTS_KEPT_MS - 60_000) })
      .where(eq(checkoutSessions.id, stale.id));
    expect(await t.container.jobs.runPeriodic(CHECKOUT_PRUNE_JOB)).toEqual({ ran: true });
    expect(await sessionsOf(buyer)).toBe(0);
  });
});
