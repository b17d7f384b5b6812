import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Role } from '../../common/rules/roles';
import type { AuthUser, LoginResponse } from '../../common/schemas/auth';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';
import { seedStorage } from './seeded-session';

/*
 * Accounts for the browser tests, made and signed in through the public API (as Documenso's
 * app-tests do). The demo accounts come from the seed the test server runs on its first start.
 */

/** Strong by SPEC §5 (length, digit, letter, special character: 100). */
export const STRONG_PASSWORD = 'Aura-Accounts-2025!';

export interface Account {
  id: string;
  username: string;
  email: string;
  role: Role;
  password: string;
  token: string;
  user: AuthUser;
}

let counter = 0;

/** A username no earlier test of this run has used (SPEC §5: letters, digits, underscore). */
export function uniqueUsername(prefix = 'fan'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`.slice(0, 30);
}

const accountOf = (session: LoginResponse, password: string): Account => ({
  ...session.user,
  password,
  token: session.token,
  user: session.user,
});

/** Signs a fresh user account up (and so in) through POST /v1/auth/signup. */
export async function signUpViaApi(
  request: APIRequestContext,
  options: { prefix?: string; password?: string; newsletter?: boolean } = {},
): Promise<Account> {
  const username = uniqueUsername(options.prefix);
  const password = options.password ?? STRONG_PASSWORD;
  const res = await request.post('/v1/auth/signup', {
    data: {
      username,
      email: `${username.toLowerCase()}@example.test`,
      password,
      newsletter: options.newsletter ?? false,
      termsAndConditions: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return accountOf((await res.json()) as LoginResponse, password);
}

/** Signs a seeded demo account (demo_<role>) in through POST /v1/auth/login. */
export async function signInDemoViaApi(request: APIRequestContext, role: Role): Promise<Account> {
  const demo = DEMO_ACCOUNTS.find((account) => account.role === role);
  if (!demo) throw new Error(`no demo account for ${role}`);
  const res = await request.post('/v1/auth/login', {
    data: { username: demo.username, password: demo.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return accountOf((await res.json()) as LoginResponse, demo.password);
}

/** The demo account of a role, for tests that sign in through the forms. */
export function demoAccount(role: Role): { username: string; email: string; password: string } {
  const demo = DEMO_ACCOUNTS.find((account) => account.role === role);
  if (!demo) throw new Error(`no demo account for ${role}`);
  return demo;
}

/**
 * The page starts signed in as `account`, stored as the sign-in flow stores it (SPEC §4). It is
 * stored once per tab, so a logout in the test is not undone by the next page load.
 */
export async function startSignedIn(page: Page, account: Account): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('authToken', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: account.token, user: account.user },
  );
}

/** Every page load of the test starts signed in as `account`, in English. */
export async function signInPage(page: Page, account: Account): Promise<void> {
  await startSignedIn(page, account);
  await seedStorage(page, { language: 'en' });
}

/** What the browser keeps of the session (SPEC §4 keys). */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    authToken: localStorage.getItem('authToken'),
    user: localStorage.getItem('user'),
  }));
}
