import { expect, test } from '@playwright/test';
import { createLockedItem } from './payments-api';
import { signUpViaApi, STRONG_PASSWORD, uniqueUsername } from './support/accounts';
import { seedStorage } from './support/seeded-session';

/*
 * Issue 10: a signed-out visitor who presses Unlock on a product page signs in and comes back to
 * the same checkout; a returnTo that leads off the site is ignored.
 */

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { language: 'en' });
});

test('Unlock while signed out: sign in, then back to the same checkout', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  const item = await createLockedItem(request, creator, '7.00');
  const fan = await signUpViaApi(request, { prefix: 'fan' });

  await page.goto(`/product/${item.id}`);
  await page.getByRole('button', { name: 'Unlock for €7.00' }).click();
  await expect(page).toHaveURL(
    `/auth?tab=login&returnTo=${encodeURIComponent(`/checkout?productId=${item.id}`)}`,
  );
  await expect(page.getByText('Checkout error')).toHaveCount(0);

  await page.getByLabel('Username or email').fill(fan.username);
  await page.getByLabel('Password').fill(fan.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(`/checkout?productId=${item.id}`);
  await expect(page.getByTestId('checkout-tier')).toHaveText(item.title);
  await expect(page.getByTestId('checkout-creator')).toHaveText(creator.username);
  await expect(page.getByRole('button', { name: 'Pay €7.00' })).toBeEnabled();
});

test('signing up from the checkout also comes back to it', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  const item = await createLockedItem(request, creator, '2.50');
  await page.goto(`/checkout?productId=${item.id}`);
  // Signed out, the checkout offers sign-in instead of failing.
  const hint = page.getByTestId('checkout-sign-in');
  await expect(hint).toContainText('Sign in to pay for this.');
  await hint.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/returnTo=%2Fcheckout%3FproductId%3D/);

  const username = uniqueUsername('newfan');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username.toLowerCase()}@example.test`);
  await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await form.getByRole('checkbox', { name: /accept the terms of service/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`/checkout?productId=${item.id}`);
  await expect(page.getByRole('button', { name: 'Pay €2.50' })).toBeEnabled();
});

for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example']) {
  test(`a hostile returnTo=${hostile} is ignored`, async ({ page, request }) => {
    const fan = await signUpViaApi(request, { prefix: 'fan' });
    await page.goto(`/auth?tab=login&returnTo=${encodeURIComponent(hostile)}`);
    await page.getByLabel('Username or email').fill(fan.username);
    await page.getByLabel('Password').fill(fan.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host);
  });
}

test('the imprint of a fresh install says the operator has not filled it in yet', async ({
  page,
}) => {
  await page.goto('/imprint');
  await expect(page.getByTestId('imprint-not-configured')).toHaveText(
    'The operator of this instance has not filled in the imprint yet.',
  );
  await page.goto('/help');
  await expect(page.getByTestId('support-not-configured')).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
});
