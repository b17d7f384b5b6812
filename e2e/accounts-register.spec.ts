import { expect, test } from '@playwright/test';
import { demoAccount, storedSession, uniqueUsername } from './support/accounts';

test('/register checks username and email live, in any letter case', async ({ page }) => {
  const taken = demoAccount('user');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const username = page.getByLabel('Username');
  const usernameStatus = page.getByTestId('register-username-status');

  await username.fill(taken.username.toUpperCase());
  await expect(usernameStatus).toHaveText('This username is already taken.');
  await expect(username).toHaveClass(/is-invalid/);

  const free = uniqueUsername('free');
  await username.fill(free);
  await expect(usernameStatus).toHaveText('This username is available.');
  await expect(username).toHaveClass(/is-valid/);

  // Values breaking the SPEC §5 rules are not sent to the server; the rule is shown instead.
  await username.fill('ab');
  await username.blur();
  await expect(page.getByText('The username must be at least 4 characters long.')).toBeVisible();
  await username.fill('ab-cd');
  await expect(page.getByText('Use only letters, digits and underscores')).toBeVisible();

  const email = page.getByLabel('Email');
  const emailStatus = page.getByTestId('register-email-status');
  await email.fill(taken.email.toUpperCase());
  await expect(emailStatus).toHaveText('An account with this email already exists.');
  await email.fill(`${free}@example.test`);
  await expect(emailStatus).toHaveText('This email address is available.');
  await email.fill('someone@example');
  await email.blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
});

test('the strength bar moves from danger to warning to success', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  const bar = page.getByTestId('password-strength-bar');
  const acceptance = page.getByRole('checkbox', { name: /password is weak/ });

  await password.fill('abc'); // letters only: 20
  await expect(bar).toHaveClass(/bg-danger/);
  await expect(page.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuenow',
    '20',
  );
  await expect(acceptance).toBeVisible();

  await password.fill('abcdefg1'); // length, digit, letter: 60
  await expect(bar).toHaveClass(/bg-warning/);
  await expect(acceptance).toHaveCount(0);

  await password.fill('abcdefg1!'); // and a special character: 100
  await expect(bar).toHaveClass(/bg-success/);
  await expect(page.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    'Strong',
  );
});

test('registration enforces confirmation, weak-password acceptance, newsletter and terms', async ({
  page,
}) => {
  const username = uniqueUsername('reg');
  const weakPassword = 'abcdefgh'; // 40: weak, allowed here only with the acceptance
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Register' });
  await expect(submit).toBeDisabled();

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(weakPassword);
  await page.getByLabel('Confirm password').fill(`${weakPassword}x`);
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /accept the terms of service/ }).check();
  await expect(page.getByTestId('register-username-status')).toHaveText(
    'This username is available.',
  );
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(
    page.getByText('This password is weak. Confirm that you want to use it anyway.'),
  ).toBeVisible();
  await expect(page.getByText('Please agree to the newsletter to register.')).toBeVisible();

  await page.getByLabel('Confirm password').fill(weakPassword);
  await expect(page.getByText('The passwords do not match.')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /password is weak/ }).check();
  await page.getByRole('checkbox', { name: 'I agree to receive the Aura newsletter' }).check();
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-header')).toBeVisible();
  const session = await storedSession(page);
  expect(session.authToken).toBe(session.token);
  expect(JSON.parse(session.user ?? '{}')).toMatchObject({ username, role: 'user' });

  // The new name is now taken, in any letter case.
  const check = await page.request.get(
    `/api/v1/auth/check-username?username=${username.toUpperCase()}`,
  );
  expect(await check.json()).toEqual({ available: false });
});

test('/register links to /login', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
});
