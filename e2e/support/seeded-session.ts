import { expect, type Page } from '@playwright/test';
import type { Role } from '../../common/rules/roles';
import type { LoginResponse } from '../../common/schemas/auth';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';

/** A real token of the seeded demo account of `role` (the server checks every token). */
export async function demoToken(page: Page, role: Role): Promise<string> {
  const demo = DEMO_ACCOUNTS.find((account) => account.role === role);
  if (!demo) throw new Error(`no demo account for ${role}`);
  const res = await page.request.post('/v1/auth/login', {
    data: { username: demo.username, password: demo.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as LoginResponse).token;
}

/** Every page load of this test starts signed in as the demo account of `role`. */
export async function seedSignedIn(page: Page, role: Role): Promise<void> {
  const token = await demoToken(page, role);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** Sets localStorage entries before the app starts, on every page load of this test. */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}
