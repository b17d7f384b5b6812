import { expect, test } from '@playwright/test';

test('landing page: get started opens sign-up; the header offers log in and sign up', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Aura' })).toBeVisible();
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/');
  const bar = page.getByTestId('visitor-bar');
  await bar.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await bar.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
});

test('unknown paths show the 404 page with home and help buttons', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
