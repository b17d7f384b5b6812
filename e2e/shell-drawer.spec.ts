import { expect, test, type Page } from '@playwright/test';
import { signInDemoViaApi } from './support/accounts';
import { seedSignedIn, seedStorage } from './support/seeded-session';

const ALL_ENTRIES = [
  'Discover',
  'Dashboard',
  'Messages',
  'Upload',
  'Wallet',
  'Account settings',
  'Creator profile',
  'Creator settings',
  'Prompt studio',
  'Visual studio',
  'Draft studio',
  'Admin',
  'User management',
  'Moderation',
  'Reports',
  'Sales',
  'MasterAxis',
];

async function openDrawer(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer;
}

const entryNames = (drawer: import('@playwright/test').Locator) =>
  drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allInnerTexts();

test('in test mode (the default) a plain user sees every role entry, and fewer once it is off', async ({
  page,
}) => {
  await seedSignedIn(page, 'user');
  await page.goto('/');
  const drawer = await openDrawer(page, 'Open menu');
  await expect(drawer).toHaveCSS('width', '256px');
  await expect(drawer.getByRole('switch', { name: 'Test / mirror mode' })).toBeChecked();
  await expect.poll(() => entryNames(drawer)).toEqual(ALL_ENTRIES);
  await expect(drawer.getByRole('link', { name: 'Creator settings' })).toHaveAttribute(
    'href',
    '/creator/settings',
  );
  await expect(drawer.getByRole('link', { name: 'Visual studio' })).toHaveAttribute(
    'href',
    '/studio?mode=visual',
  );
  await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(drawer.getByTestId('version-tag')).toHaveText(/aura-0\.4\.8-beta/);

  await drawer.getByRole('switch', { name: 'Test / mirror mode' }).uncheck();
  await expect
    .poll(() => entryNames(drawer))
    .toEqual(['Discover', 'Dashboard', 'Messages', 'Upload', 'Wallet', 'Account settings']);

  // The switch is saved in browser storage.
  await page.reload();
  const reopened = await openDrawer(page, 'Open menu');
  await expect(reopened.getByRole('switch', { name: 'Test / mirror mode' })).not.toBeChecked();
  await expect
    .poll(() => entryNames(reopened))
    .toEqual(['Discover', 'Dashboard', 'Messages', 'Upload', 'Wallet', 'Account settings']);
});

test('outside test mode the entries follow the role', async ({ page }) => {
  await seedStorage(page, { testMode: 'false' });
  await seedSignedIn(page, 'moderator');
  await page.goto('/');
  const drawer = await openDrawer(page, 'Open menu');
  await expect
    .poll(() => entryNames(drawer))
    .toEqual([
      'Discover',
      'Dashboard',
      'Messages',
      'Upload',
      'Wallet',
      'Account settings',
      'Admin',
      'User management',
      'Moderation',
      'Reports',
      'Sales',
    ]);
});

test('a drawer entry navigates and closes the drawer', async ({ page }) => {
  await seedSignedIn(page, 'creator');
  await page.goto('/');
  const drawer = await openDrawer(page, 'Open menu');
  await drawer.getByRole('link', { name: 'Prompt studio' }).click();
  await expect(page).toHaveURL(/\/studio\?mode=prompt$/);
  await expect(drawer).toBeHidden();
});

test('logging out from the drawer signs the user out', async ({ page, request }) => {
  // A session of its own: logging out ends this token on the server.
  const { token } = await signInDemoViaApi(request, 'user');
  await page.addInitScript((value) => {
    // Seed once only, so the signed-out state survives the navigation after logout.
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
  await page.goto('/help');
  await expect(page.getByTestId('app-header')).toBeVisible();
  const drawer = await openDrawer(page, 'Open menu');
  await drawer.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('app-header')).toHaveCount(0);
  await expect(page.getByTestId('visitor-bar')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('signed-out visitors reach the login entry by keyboard', async ({ page }) => {
  await seedStorage(page, { testMode: 'false' });
  await page.goto('/');
  await expect(page.getByTestId('app-header')).toHaveCount(0);
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('navigation')).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/auth?tab=login',
  );
  await expect(drawer.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('the signed-in header has its icon buttons and turns transparent after 10px of scroll', async ({
  page,
}) => {
  await seedSignedIn(page, 'user');
  await page.goto('/privacy-policy');
  const header = page.getByTestId('app-header');
  await expect(header).toBeVisible();
  for (const [name, href] of [
    ['Discover', '/discover'],
    ['Dashboard', '/dashboard'],
    ['Messages', '/messages'],
    ['Creator settings', '/creator/settings'],
  ] as const) {
    await expect(header.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  const chat = header.getByRole('button', { name: 'AI assistant' });
  await expect(chat).toHaveAttribute('aria-pressed', 'false');
  await chat.click();
  await expect(chat).toHaveAttribute('aria-pressed', 'true');
  await expect(header.getByRole('button', { name: /^Next theme/ })).toBeVisible();

  await expect(header).not.toHaveClass(/is-transparent/);
  await expect(header).toHaveCSS('position', 'sticky');
  await page.evaluate(() => window.scrollTo(0, 5));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(5);
  await expect(header).not.toHaveClass(/is-transparent/);
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveClass(/is-transparent/);
  await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(header).toBeInViewport();
});
