import { eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, items, users } from '../db/schema/index';
import { createMediaTestApp, type MediaTestApp } from '../modules/media/test-helpers';
import { seedAccounts } from './accounts';
import { seedContent } from './content';
import type { SeedReport } from './index';
import { seedModeration } from './moderation';
import { seedSales } from './sales';

let t: MediaTestApp;
const report: SeedReport = { lines: [] };

beforeAll(async () => {
  // The report queue is counted whole: other files' reports must not be in it.
  t = await createMediaTestApp({ ownDatabase: true });
  await seedAccounts(t.container, report);
  await seedContent(t.container, report);
  await seedSales(t.container, report);
  await seedModeration(t.container, report);
});
afterAll(() => t.close());

async function signedIn(username: string) {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no ${username}`);
  return { authorization: `Bearer ${await t.tokens.issue(row)}` };
}

describe('seedModeration', () => {
  it('gives the demo moderator open reports and warnings to look at', async () => {
    const moderator = await signedIn('demo_moderator');
    const reports = (
      await t.app.inject({ url: '/api/v1/admin/reports', headers: moderator })
    ).json();
    expect(reports.reports.map((r: { targetType: string }) => r.targetType).sort()).toEqual([
      'comment',
      'item',
      'item',
      'user',
    ]);
    expect(reports.reports.every((r: { targetLabel: string | null }) => r.targetLabel)).toBe(true);
    const warnings = (
      await t.app.inject({ url: '/api/v1/admin/warnings', headers: moderator })
    ).json();
    expect(warnings.warnings).toHaveLength(2);
    expect(
      warnings.warnings.every((w: { issuedBy: string }) => w.issuedBy === 'demo_moderator'),
    ).toBe(true);
    // The warned creator sees the notice; the demo accounts are left alone.
    const warned = warnings.warnings[0] as { user: string };
    const mine = await t.app.inject({
      url: '/api/v1/warnings/mine',
      headers: await signedIn(warned.user),
    });
    expect(mine.json().warnings).toHaveLength(1);
    expect(warnings.warnings.some((w: { user: string }) => w.user.startsWith('demo_'))).toBe(false);
    expect(report.lines.at(-1)).toMatch(/Demo moderation: 4 open reports and 2 warnings/);
  });

  it('books demo sales between catalogue creators, so the sales screen has a chart', async () => {
    const admin = await signedIn('demo_admin');
    const res = await t.app.inject({ url: '/api/v1/admin/sales', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sales.length).toBeGreaterThan(3);
    expect(body.totals[0].sales).toBeGreaterThan(10);
    expect(body.daily.filter((d: { sales: number }) => d.sales > 0).length).toBeGreaterThan(5);
    // Nothing was bought by or from the demo accounts.
    const demo = await t.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.username, 'demo\\_%'));
    const touched = await t.db
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(
        or(
          inArray(
            entitlements.userId,
            demo.map((d) => d.id),
          ),
          inArray(
            entitlements.itemId,
            t.db
              .select({ id: items.id })
              .from(items)
              .where(
                inArray(
                  items.creatorId,
                  demo.map((d) => d.id),
                ),
              ),
          ),
        ),
      );
    expect(demo).toHaveLength(8);
    expect(touched).toEqual([]);
    expect(report.lines.some((l) => /Demo sales: \d+ purchases/.test(l))).toBe(true);
  });
});
