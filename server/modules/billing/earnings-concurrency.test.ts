import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsMonths } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { creditEarnings } from './ledger';

/*
 * The running earnings totals under transactions that each book several credits of one creator
 * (a renewal catching up periods, a refund), on a PostgreSQL server: on PGlite one connection
 * runs one transaction at a time and nothing can interleave, so it is skipped there.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)('earnings totals under concurrency', () => {
  it('transactions taking turns at crediting one creator all commit, without a deadlock', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const at = new Date('2031-07-10T10:00:00.000Z');
    const start = Date.now();
    // Three transactions take turns, credit by credit, on a fixed schedule (a credit waiting
    // on another transaction's row simply starts late). Were a month's total split by the
    // ledger entry's id, their shards would interleave and each would come to wait for the
    // next, in a circle, which PostgreSQL ends by aborting one.
    const booking = (turn: number) =>
      t.db.transaction(async (tx) => {
        for (let i = 0; i < 8; i += 1) {
          const due = start + (3 * i + turn) * 25;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
          await creditEarnings(tx, {
            creatorId: creator.user.id,
            grossCents: 1000,
            currency: 'usd',
            feePercent: 10,
            kind: 'membership',
            ref: uniqueName(`catch-up-${turn}-${i}-`),
            at,
          });
        }
      });
    await Promise.all([booking(0), booking(1), booking(2)]);
    const [total] = await t.db
      .select({ netCents: sql<number>`sum(${earningsMonths.netCents})`.mapWith(Number) })
      .from(earningsMonths)
      .where(eq(earningsMonths.userId, creator.user.id));
    expect(total?.netCents).toBe(3 * 8 * 900);
  });
});
