import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockTier } from '../../../common/rules/early-access';
import { TIERS } from '../../../common/rules/tiers';
import { createTestApp, type TestApp } from '../../test/app';
import { lockTierSql } from './early-access';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (moment: Date | null) => sql`${moment?.toISOString() ?? null}::timestamptz`;

describe('lockTier and lockTierSql', () => {
  it('agree on generated items and moments: before, at and after the end of early access', async () => {
    const base = Date.parse('2031-01-01T00:00:00Z');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TIERS),
        fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
        fc.integer({ min: -5, max: 5 }),
        async (tierRequired, untilOffset, nowOffset) => {
          const earlyAccessUntil =
            untilOffset === null ? null : new Date(base + untilOffset * 1000);
          const now = new Date(base + nowOffset * 1000);
          const [row] = await t.db
            .select({
              tier: lockTierSql(
                { tierRequired: sql`${tierRequired}`, earlyAccessUntil: at(earlyAccessUntil) },
                at(now),
              ),
            })
            .from(sql`(select 1) as one`);
          expect(row?.tier).toBe(lockTier({ tierRequired, earlyAccessUntil }, now));
        },
      ),
      { numRuns: 60 },
    );
  });
});
