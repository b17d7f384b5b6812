import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { payLocal, startCheckout, topUp, walletState } from './test-helpers';

/*
 * Issue 17: the money paths in few round trips. A purchase's rules stay in TypeScript, but the
 * reads it needs come in one statement (the item, its creator, the buyer's entitlements and an
 * earlier spend of the same key), and the sale's event carries the item's sales counter and the
 * two mails with their events; a purchase writes all of it in one statement. Counted at the database client, so a new round trip fails here.
 */

let t: TestApp;
const statements: string[] = [];
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (statement) => statements.push(statement) });
  creator = await createUser(t, { role: 'creator' });
  // The job runner's polls and the mails it sends would be counted with a purchase whenever they
  // fall inside its window (seen on loaded machines); the queued mail jobs are counted as rows.
  await t.container.jobs.stop();
});
afterAll(() => t.close());

/**
 * The statements `work` sends, leaving out the outbox relay's (woken by the commit) and BEGIN and
 * COMMIT (node-postgres sends them as statements, PGlite's driver does not).
 */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await work();
  return statements.filter(
    (s) =>
      !/^(begin|commit)/i.test(s) &&
      (!/outbox_events/.test(s) || /insert into outbox_events/.test(s)),
  );
}

const mailsOf = async (userId: string, template: string) =>
  (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'mail'))).filter(
    (job) => job.payload.userId === userId && job.payload.template === template,
  ).length;

const queuedEvents = async (userId: string) =>
  (
    await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'mail.queued'), eq(outboxEvents.subjectId, userId)))
  ).length;

describe('statements per purchase', () => {
  it('pays with balance in 2 statements and no transaction (1 read, 1 that buys), answers a replay from 1 read taking no lock, and queues both mails with their events', async () => {
    const fan = await createUser(t);
    await topUp(t, fan, '20');
    const item = await createItem(t, creator, { priceCents: 500, title: 'Counted buy' });
    const unlock = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/unlock',
        headers: { ...fan.auth, 'idempotency-key': 'counted-1' },
        payload: { itemId: item.id },
      });

    let res: Awaited<ReturnType<typeof unlock>> | undefined;
    const bought = await statementsOf(async () => (res = await unlock()));
    expect(res?.statusCode, res?.body).toBe(200);
    expect(res?.json()).toMatchObject({ chargedCents: 500, balanceCents: 1500, replayed: false });
    expect(bought[0]).toMatch(/^select /);
    expect(bought.join('\n')).not.toMatch(/for update/);
    expect(bought).toHaveLength(2);
    // The purchase is one statement, a transaction of its own (PGlite's driver sends no BEGIN
    // anyway; node-postgres would).
    expect(statements.filter((s) => /^begin/i.test(s))).toEqual([]);
    expect(bought[1]).toMatch(/aura_refuse/);

    const replay = await statementsOf(async () => (res = await unlock()));
    expect(res?.statusCode, res?.body).toBe(200);
    expect(res?.json()).toMatchObject({ chargedCents: 500, balanceCents: 1500, replayed: true });
    expect(replay).toHaveLength(1);
    expect(replay[0]).toMatch(/^select /);

    expect(await walletState(t, fan.user.id)).toEqual({ balanceCents: 1500, ledgerSumCents: 1500 });
    expect(await mailsOf(fan.user.id, 'sale-receipt')).toBe(1);
    expect(await mailsOf(creator.user.id, 'sale-notice')).toBeGreaterThanOrEqual(1);
    // The top-up's mails are not sale mails: one receipt's event for the fan's one sale.
    expect(await queuedEvents(fan.user.id)).toBe(1);
  });

  it('creates a card checkout in 2 statements and pays it in 2 (the session read, 1 that sells)', async () => {
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 700, title: 'Counted card' });
    // A first request reads the new session; later ones find it cached.
    expect((await t.app.inject({ url: '/api/v1/wallet', headers: fan.auth })).statusCode).toBe(200);
    let session: { id: string } | null = null;
    const created = await statementsOf(async () => {
      session = await startCheckout(t, fan, { tier: item.title, price: 7, productId: item.id });
    });
    expect(created).toHaveLength(2);
    const paid = await statementsOf(async () => {
      const res = await payLocal(t, session!.id);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(paid).toHaveLength(2);
    expect(paid[1]).toMatch(/aura_refuse/);
    expect(await mailsOf(fan.user.id, 'sale-receipt')).toBe(1);
  });
});
