import { expect, test } from '@playwright/test';
import { demoAccount, signInDemoViaApi } from './support/accounts';
import { seedSignedIn, seedStorage } from './support/seeded-session';

test("a signed-out visitor opens a creator's shared link, sees the page and reaches sign-up", async ({
  page,
  request,
}) => {
  const creator = demoAccount('creator');
  // What a link-preview bot reads: the tags are in the HTML the server sends.
  const html = await (await request.get(`/creator/${creator.username}`)).text();
  expect(html).toContain('property="og:title"');
  expect(html).toContain('name="twitter:card"');

  await page.goto(`/creator/${creator.username}`);
  await expect(page).toHaveURL(new RegExp(`/creator/${creator.username}$`));
  await expect(page.getByTestId('creator-name')).toBeVisible();
  await page.getByTestId('sign-up-to-follow').click();
  await expect(page).toHaveURL(/\/auth\?tab=signup&returnTo=%2Fcreator%2F/);
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
});

test('the landing page creator card opens the profile signed out', async ({ page, request }) => {
  const { id } = await signInDemoViaApi(request, 'creator');
  await page.goto(`/hypr/${id}`);
  await expect(page).toHaveURL(new RegExp(`/hypr/${id}$`));
  await expect(page.getByTestId('sign-up-to-follow')).toBeVisible();
});

test("with test mode off a fan's drawer shows no staff entries", async ({ page }) => {
  await seedStorage(page, { testMode: 'false' });
  await seedSignedIn(page, 'user');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const links = drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const staff of [
    'Admin',
    'User management',
    'Moderation',
    'Reports',
    'Sales',
    'MasterAxis',
  ]) {
    await expect(drawer.getByRole('link', { name: staff, exact: true })).toHaveCount(0);
  }
});

test('in test mode a staff entry says a fan cannot open it, and its page says why', async ({
  page,
}) => {
  await seedStorage(page, { testMode: 'true' });
  await seedSignedIn(page, 'user');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const sales = drawer.getByRole('listitem').filter({ hasText: 'Sales' });
  await expect(sales.getByTestId('not-for-role')).toHaveText('Not your role');
  await expect(
    drawer.getByRole('listitem').filter({ hasText: 'Discover' }).getByTestId('not-for-role'),
  ).toHaveCount(0);
  await drawer.getByRole('link', { name: 'MasterAxis' }).click();
  await expect(page).toHaveURL(/\/masteraxis$/);
  await expect(
    page.getByRole('heading', { name: 'Your role cannot open this page' }),
  ).toBeVisible();
});
