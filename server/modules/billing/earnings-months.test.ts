import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { earningsMonths, ledgerEntries } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { creditEarnings } from './ledger';
import { bookPayout } from './payouts';
import { earningsByCurrency } from './stats';
import { bookEarningsEntry } from './test-helpers';

// Its own embedded database: the backfill test empties the running totals of every creator.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
});
afterAll(() => t.close());

/** What the ledger itself says a creator earned per currency and UTC month. */
async function ledgerByMonth(creatorId: string) {
  const rows = await t.db
    .select({
      currency: ledgerEntries.currency,
      month: sql<string>`to_char(date_trunc('month', ${ledgerEntries.createdAt}, 'UTC'), 'YYYY-MM')`,
      netCents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'earnings'),
        eq(ledgerEntries.userId, creatorId),
        inArray(ledgerEntries.kind, ['sale', 'membership']),
      ),
    )
    .groupBy(sql`1, 2`)
    .orderBy(sql`1, 2`);
  return rows;
}

/** The running totals of a creator, their shards added up. */
async function runningTotals(creatorId: string) {
  return t.db
    .select({
      currency: earningsMonths.currency,
      month: sql<string>`to_char(${earningsMonths.month} at time zone 'UTC', 'YYYY-MM')`,
      netCents: sql<number>`sum(${earningsMonths.netCents})`.mapWith(Number),
    })
    .from(earningsMonths)
    .where(eq(earningsMonths.userId, creatorId))
    .groupBy(earningsMonths.currency, earningsMonths.month)
    .orderBy(earningsMonths.currency, earningsMonths.month);
}

async function creatorWithHistory() {
  const creator = await createUser(t, { role: 'creator' });
  const book = (
    grossCents: number,
    currency: 'eur' | 'usd',
    iso: string,
    kind: 'sale' | 'membership' = 'sale',
  ) =>
    bookEarningsEntry(t, {
      creatorId: creator.user.id,
      grossCents,
      currency,
      kind,
      at: new Date(iso),
    });
  // Month edges in UTC: the last second of January and the first of February.
  await book(1000, 'eur', '2031-01-31T23:59:59.000Z');
  await book(2000, 'eur', '2031-02-01T00:00:00.000Z');
  await book(999, 'eur', '2031-02-14T10:00:00.000Z');
  await book(500, 'usd', '2031-02-20T10:00:00.000Z', 'membership');
  await book(1500, 'usd', '2031-03-02T08:00:00.000Z');
  return creator.user.id;
}

describe('earnings running totals (earnings_months)', () => {
  it('keeps one total per currency and UTC month, equal to the ledger', async () => {
    const creatorId = await creatorWithHistory();
    expect(await runningTotals(creatorId)).toEqual([
      { currency: 'eur', month: '2031-01', netCents: 900 },
      { currency: 'eur', month: '2031-02', netCents: 1800 + 899 },
      { currency: 'usd', month: '2031-02', netCents: 450 },
      { currency: 'usd', month: '2031-03', netCents: 1350 },
    ]);
    expect(await runningTotals(creatorId)).toEqual(await ledgerByMonth(creatorId));
  });

  it('answers all time and the month of `now`, leaving later months out', async () => {
    const creatorId = await creatorWithHistory();
    expect(await earningsByCurrency(t.db, creatorId, new Date('2031-02-28T12:00:00.000Z'))).toEqual(
      [
        { currency: 'eur', currentMonthCents: 2699, totalCents: 3599 },
        { currency: 'usd', currentMonthCents: 450, totalCents: 450 },
      ],
    );
    expect(await earningsByCurrency(t.db, creatorId, new Date('2031-03-05T00:00:00.000Z'))).toEqual(
      [
        { currency: 'eur', currentMonthCents: 0, totalCents: 3599 },
        { currency: 'usd', currentMonthCents: 1350, totalCents: 1800 },
      ],
    );
    expect(await earningsByCurrency(t.db, creatorId, new Date('2030-12-31T23:59:59.000Z'))).toEqual(
      [],
    );
  });

  it('counts a replayed ref once and leaves payouts out', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const at = new Date('2031-05-05T05:05:05.000Z');
    const credit = {
      creatorId: creator.user.id,
      grossCents: 1000,
      currency: 'eur' as const,
      feePercent: 10,
      kind: 'sale' as const,
      ref: uniqueName('replay:'),
      at,
    };
    expect(await creditEarnings(t.db, credit)).toBe(900);
    expect(await t.db.transaction((tx) => creditEarnings(tx, credit))).toBeNull();
    await t.db.transaction((tx) =>
      bookPayout(tx, {
        creatorId: creator.user.id,
        amountCents: 900,
        currency: 'eur',
        ref: uniqueName('payout:'),
        at,
      }),
    );
    expect(await runningTotals(creator.user.id)).toEqual([
      { currency: 'eur', month: '2031-05', netCents: 900 },
    ]);
    expect(await earningsByCurrency(t.db, creator.user.id, at)).toEqual([
      { currency: 'eur', currentMonthCents: 900, totalCents: 900 },
    ]);
  });

  it('adds up concurrent credits of one creator and month', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const at = new Date('2031-06-10T10:00:00.000Z');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.db.transaction((tx) =>
          creditEarnings(tx, {
            creatorId: creator.user.id,
            grossCents: 100 * (n + 1),
            currency: 'usd',
            feePercent: 10,
            kind: 'membership',
            ref: uniqueName(`concurrent-${n}:`),
            at,
          }),
        ),
      ),
    );
    const credited = results.reduce<number>((sum, net) => sum + (net ?? 0), 0);
    // Spread over the shards of the month, so these purchases did not all wait on one row.
    const shards = await t.db
      .selectDistinct({ shard: earningsMonths.shard })
      .from(earningsMonths)
      .where(eq(earningsMonths.userId, creator.user.id));
    expect(shards.length).toBeGreaterThan(1);
    expect(await runningTotals(creator.user.id)).toEqual([
      { currency: 'usd', month: '2031-06', netCents: credited },
    ]);
    expect(await runningTotals(creator.user.id)).toEqual(await ledgerByMonth(creator.user.id));
  });

  it("migration 0016 builds the same totals from the ledger's history", async () => {
    const creators = [await creatorWithHistory(), await creatorWithHistory()];
    const before = await Promise.all(creators.map(runningTotals));
    const migration = await readFile(
      path.join(migrationsFolder, '0016_earnings_months.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^(\s*--[^\n]*)+\nINSERT INTO "earnings_months"/);
    await t.db.delete(earningsMonths);
    await t.db.execute(sql.raw(backfill));
    expect(await Promise.all(creators.map(runningTotals))).toEqual(before);
  });
});
