import { expect, test } from '@playwright/test';
import { signInDemoViaApi, signInPage, signUpViaApi } from './support/accounts';

/*
 * The e-mail reminder: only where mail can be delivered (the server says so in the page's
 * head), closable for the session, and on a phone never in the way of the message composer.
 */

test('the e-mail banner is absent on an install without mail', async ({ page }) => {
  const account = await signUpViaApi(page.request, { prefix: 'nomail' });
  await signInPage(page, account);
  // The run's server has SMTP; this page is served as an install without mail would serve it.
  await page.route('**/dashboard', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<meta name="aura:mail-delivers" content="on" />',
      '<meta name="aura:mail-delivers" content="off" />',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);
});

test('the e-mail banner closes for the session', async ({ page }) => {
  const account = await signUpViaApi(page.request, { prefix: 'dismiss' });
  await signInPage(page, account);
  await page.goto('/dashboard');
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText(account.email);
  await banner.getByRole('button', { name: 'Hide this reminder' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('on a phone the e-mail banner keeps the message composer on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await signUpViaApi(page.request, { prefix: 'phone' });
  // Anyone may message a creator.
  const other = await signInDemoViaApi(page.request, 'creator');
  await signInPage(page, account);
  await page.goto(`/messages/${other.id}`);
  await expect(page.getByTestId('verify-banner')).toBeVisible();
  const composer = page.getByRole('textbox').last();
  await expect(composer).toBeVisible();
  await expect(composer).toBeInViewport({ ratio: 1 });
});
