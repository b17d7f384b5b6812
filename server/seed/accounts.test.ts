import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts';
import type { SeedReport } from './index';

let t: TestApp;
const report: SeedReport = { lines: [] };
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.container, report);
});
afterAll(() => t.close());

describe('seedAccounts', () => {
  it('creates one account per role that signs in with the published password', async () => {
    const rows = await t.db
      .select({ username: users.username, role: users.role })
      .from(users)
      .where(
        inArray(
          users.username,
          DEMO_ACCOUNTS.map((a) => a.username),
        ),
      );
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);

    for (const account of [DEMO_ACCOUNTS[1]!, DEMO_ACCOUNTS[2]!]) {
      const byName = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: account.username, password: account.password },
      });
      expect(byName.statusCode, byName.body).toBe(200);
      expect(byName.json().user.role).toBe(account.role);
      const byEmail = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(byEmail.statusCode).toBe(200);
    }
  });

  it('reports every account with its password for the first-start printout', () => {
    for (const account of DEMO_ACCOUNTS) {
      expect(
        report.lines.some((l) => l.includes(account.username) && l.includes(account.password)),
      ).toBe(true);
    }
  });
});
