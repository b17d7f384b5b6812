import { expect, test } from '@playwright/test';
import { signInPage, signUpViaApi, STRONG_PASSWORD } from './support/accounts';
import { linkFromMailbox } from './support/mailbox';
import { seedStorage } from './support/seeded-session';

/*
 * E-mail (issue 16): the mail is read where its recipient reads it, their mailbox at the test
 * run's mail server, and its link is opened in the app (the admin outbox hides the secrets of
 * such links, issue 19).
 */

test.describe.configure({ timeout: 60_000 });

test('sign up, read the verification mail, verify, and the banner is gone', async ({ page }) => {
  const account = await signUpViaApi(page.request, { prefix: 'verify' });
  await signInPage(page, account);
  await page.goto('/dashboard');
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText(account.email);

  const link = await linkFromMailbox(account.email, '/verify-email');
  await page.goto(link);
  await expect(page.getByTestId('verify-done')).toContainText(account.email);
  await page.getByRole('link', { name: 'Continue to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByTestId('email-verified')).toBeAttached();
  await expect(banner).toHaveCount(0);
});

test('forgot password: the mail, a new password, and sign-in with it', async ({ page }) => {
  const account = await signUpViaApi(page.request, { prefix: 'forgot' });
  await seedStorage(page, { language: 'en' });
  await page.goto('/auth?tab=login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  const link = await linkFromMailbox(account.email, '/reset-password');
  await page.goto(link);
  const newPassword = `${STRONG_PASSWORD}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  const form = page.getByRole('tabpanel', { name: 'Log in' });
  await form.getByLabel('Username or email').fill(account.email);
  await form.getByLabel('Password').fill(newPassword);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-header')).toBeVisible();
  // The link reached the address, so it counts as verified: no banner.
  await expect(page.getByTestId('email-verified')).toBeAttached();
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);
});

test('account settings switch a notice off and on again, and the choice stays', async ({
  page,
}) => {
  const account = await signUpViaApi(page.request, { prefix: 'notices' });
  await signInPage(page, account);
  await page.goto('/account');
  const notices = page.getByTestId('account-notices');
  const digest = notices.getByRole('switch', { name: 'Daily digest' });
  await expect(digest).toBeChecked();
  await digest.uncheck();
  await expect(notices.getByTestId('account-notices-notice')).toHaveText('Saved.');
  await page.reload();
  await expect(digest).not.toBeChecked();
  await expect(notices.getByRole('switch', { name: 'New sales' })).toBeChecked();
  const stored = await page.request.get('/api/v1/users/notices', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(await stored.json()).toMatchObject({ digest: false, sales: true });
  await digest.check();
  await expect(notices.getByTestId('account-notices-notice')).toHaveText('Saved.');
  await page.reload();
  await expect(digest).toBeChecked();
});
