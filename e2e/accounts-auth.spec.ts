import { expect, test, type Page } from '@playwright/test';
import {
  demoAccount,
  signUpViaApi,
  startSignedIn,
  storedSession,
  STRONG_PASSWORD,
  uniqueUsername,
} from './support/accounts';
import { seedStorage } from './support/seeded-session';

async function logOutFromDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('visitor-bar')).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, authToken: null, user: null });
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Log in' });
  await form.getByLabel('Username or email').fill(identifier);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-header')).toBeVisible();
}

test('a new user signs up in the signup tab, logs out, and logs in by username and by email', async ({
  page,
}) => {
  const username = uniqueUsername('ui');
  const email = `${username}@example.test`;
  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('tabpanel', { name: 'Sign up' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('checkbox', { name: /accept the terms of service/ }).check();
  await expect(form.getByRole('link', { name: 'terms of service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(form.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );

  // A weak password blocks here: this form offers no acceptance (SPEC §5).
  await form.getByLabel('Password', { exact: true }).fill('abcdefgh');
  await form.getByLabel('Confirm password').fill('abcdefgh');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('This password is too weak.', { exact: false })).toBeVisible();
  await expect(form.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    'Weak',
  );
  expect((await storedSession(page)).token).toBeNull();

  await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByLabel('Confirm password').fill(`${STRONG_PASSWORD}x`);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('The passwords do not match.')).toBeVisible();
  await form.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();

  // SPEC §4: a success message and the form reset; the new account is signed in.
  await expect(form.getByTestId('signup-success')).toContainText(`Welcome to Aura, ${username}!`);
  await expect(form.getByLabel('Username')).toHaveValue('');
  await expect(page.getByTestId('app-header')).toBeVisible();
  const session = await storedSession(page);
  expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session.authToken).toBe(session.token);
  expect(JSON.parse(session.user ?? '{}')).toMatchObject({ username, email, role: 'user' });
  await form.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Logout revokes the token on the server, not only in the browser.
  await logOutFromDrawer(page);
  const refused = await page.request.get('/api/v1/users/profile', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(refused.status()).toBe(401);

  await logIn(page, username, STRONG_PASSWORD);
  // Staying signed in across a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await logOutFromDrawer(page);

  await logIn(page, email.toUpperCase(), STRONG_PASSWORD);
});

test('a failed login shows the server text and changes nothing', async ({ page }) => {
  await page.goto('/auth?tab=login');
  const form = page.getByRole('tabpanel', { name: 'Log in' });
  // The SPEC §5 minimums are checked before anything is sent.
  await form.getByLabel('Username or email').fill('ab');
  await form.getByLabel('Password').fill('12345');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByText('Invalid input')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();

  await form.getByLabel('Username or email').fill(demoAccount('user').username);
  await form.getByLabel('Password').fill('not-the-password-1');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByTestId('login-error')).toBeVisible();
  await expect(form.getByTestId('login-error')).not.toHaveText('');
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  expect((await storedSession(page)).token).toBeNull();
});

test('the demo creator signs in by email through the form', async ({ page }) => {
  const creator = demoAccount('creator');
  await logIn(page, creator.email, creator.password);
  expect(JSON.parse((await storedSession(page)).user ?? '{}')).toMatchObject({
    username: creator.username,
    role: 'creator',
  });
});

test('an expired token is removed and the visitor is signed out', async ({ page }) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = [
    part({ alg: 'HS256', typ: 'JWT' }),
    part({ id: 'someone', role: 'user', exp: Math.floor(Date.now() / 1000) - 60 }),
    part({ sig: 'e2e' }),
  ].join('.');
  await seedStorage(page, { token: expired, authToken: expired });
  await page.goto('/help');
  await expect(page.getByTestId('visitor-bar')).toBeVisible();
  await expect(page.getByTestId('app-header')).toHaveCount(0);
  expect(await storedSession(page)).toEqual({ token: null, authToken: null, user: null });
});

test('a token the server no longer honours ends the session in the browser too', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request, { prefix: 'revoked' });
  const logout = await request.post('/api/v1/auth/logout', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(logout.ok()).toBe(true);
  await startSignedIn(page, account);
  // The token still decodes and has not expired, so the app first trusts it; the wallet's
  // call is refused with 401 and the session ends.
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fwallet$/);
  await expect(page.getByTestId('visitor-bar')).toBeVisible();
  expect((await storedSession(page)).token).toBeNull();
});

test('a signed-in visitor of /auth goes to the dashboard, and /login shows the login tab', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);

  await startSignedIn(page, await signUpViaApi(request));
  await page.goto('/auth?tab=signup');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('Google sign-in', () => {
  test('is hidden when no client id is configured', async ({ page }) => {
    const config = page.waitForResponse('**/api/v1/auth/config');
    await page.goto('/auth');
    expect(await (await config).json()).toEqual({ googleClientId: null });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Aura' })).toBeVisible();
    await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
    // Nothing of Google's was loaded either.
    await expect(page.locator('script[src*="accounts.google.com"]')).toHaveCount(0);
  });

  test('a failed callback leads to the login tab with the failure message', async ({ page }) => {
    await page.goto('/auth/google/callback?credential=bad');
    await expect(page).toHaveURL(/\/auth\?tab=login&error=google-failed$/);
    await expect(page.getByTestId('google-failed')).toContainText(
      'Signing in with Google did not work.',
    );
    await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect((await storedSession(page)).token).toBeNull();
  });

  test('a callback without a credential goes to the login tab', async ({ page }) => {
    await page.goto('/auth/google/callback');
    await expect(page).toHaveURL(/\/auth\?tab=login$/);
    await expect(page.getByTestId('google-failed')).toHaveCount(0);
  });
});
