import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutSettings, users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { seedAccounts } from './accounts';
import type { SeedReport } from './index';
import { seedPayouts } from './payouts';

let t: TestApp;
const report: SeedReport = { lines: [] };

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.container, report);
  await seedPayouts(t.container, report);
});
afterAll(() => t.close());

describe('seedPayouts', () => {
  it('gives the demo creators sealed payout settings that the hub shows masked', async () => {
    const [creator] = await t.db.select().from(users).where(eq(users.username, 'demo_creator'));
    const [row] = await t.db
      .select()
      .from(payoutSettings)
      .where(eq(payoutSettings.creatorId, creator!.id));
    expect(row).toMatchObject({ currency: 'usd', status: expect.any(String) });
    expect(row?.accountNumberSealed).toMatch(/^v1\./);
    expect(report.lines.at(-1)).toMatch(/^Demo payout settings: \d+ creators/);

    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({
      url: '/api/v1/hub/payouts?q=demo_creator',
      headers: admin.auth,
    });
    expect(res.json().payouts).toEqual([
      expect.objectContaining({
        id: creator!.id,
        configured: true,
        accountNumber: expect.stringMatching(/^\*\*\*\*\d{4}$/),
        routingNumber: expect.stringMatching(/^\*\*\*\*\d{4}$/),
      }),
    ]);
  });
});
