import type { APIRequestContext, Page } from '@playwright/test';
import type { Role } from '../../common/rules/roles';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';

/**
 * A real token of the seeded demo account of `role` (SPEC §3 payload: id, role, exp), signed in
 * once per test run through POST /v1/auth/login. The signed-in header talks to the server (the
 * unread badge, the live connection), and the server ends any session whose token it refuses,
 * so the shell is tested with tokens the server honours.
 */
const demoTokens = new Map<Role, Promise<string>>();

export async function demoToken(request: APIRequestContext, role: Role): Promise<string> {
  let token = demoTokens.get(role);
  if (!token) {
    const demo = DEMO_ACCOUNTS.find((account) => account.role === role);
    if (!demo) throw new Error(`no demo account for ${role}`);
    token = request
      .post('/v1/auth/login', { data: { username: demo.username, password: demo.password } })
      .then(async (res) => {
        if (!res.ok()) throw new Error(`demo login failed: ${res.status()} ${await res.text()}`);
        return ((await res.json()) as { token: string }).token;
      });
    demoTokens.set(role, token);
  }
  return token;
}

/** Every page load of this test starts signed in as the demo account of `role`. */
export async function seedSignedIn(page: Page, role: Role): Promise<void> {
  const token = await demoToken(page.request, role);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** Sets localStorage entries before the app starts, on every page load of this test. */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}
