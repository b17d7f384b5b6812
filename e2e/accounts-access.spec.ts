import { expect, test, type Page } from '@playwright/test';
import { signInDemoViaApi, signUpViaApi, startSignedIn, type Account } from './support/accounts';
import { seedStorage } from './support/seeded-session';

const MAIN = ['Discover', 'Dashboard', 'Messages', 'Upload', 'Wallet', 'Account settings'];
const CREATOR = [
  'Creator profile',
  'Creator settings',
  'Prompt studio',
  'Visual studio',
  'Draft studio',
];
const ADMIN = ['Admin', 'User management', 'Moderation', 'Reports', 'Sales'];

async function drawerEntries(page: Page, account: Account) {
  await seedStorage(page, { testMode: 'false', language: 'en' });
  await startSignedIn(page, account);
  await page.goto('/help');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('switch', { name: 'Test / mirror mode' })).not.toBeChecked();
  await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
  return drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
}

test('signed-out visitors of protected routes are sent to /auth', async ({ page }) => {
  for (const path of ['/dashboard', '/wallet', '/upload']) {
    await page.goto(path);
    // Issue 10: the sign-in page knows where to bring the visitor back to.
    await expect(page).toHaveURL(`/auth?returnTo=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Aura' })).toBeVisible();
  }
});

test.describe('with test mode off the drawer follows the signed-in role', () => {
  test('a user sees the main entries only', async ({ page, request }) => {
    const links = await drawerEntries(page, await signUpViaApi(request));
    await expect(links).toHaveText(MAIN);
  });

  test('a creator also sees the creator entries', async ({ page, request }) => {
    const links = await drawerEntries(page, await signInDemoViaApi(request, 'creator'));
    await expect(links).toHaveText([...MAIN, ...CREATOR]);
  });

  test('an admin sees the creator, admin and Control Hub entries', async ({ page, request }) => {
    const links = await drawerEntries(page, await signInDemoViaApi(request, 'admin'));
    await expect(links).toHaveText([...MAIN, ...CREATOR, ...ADMIN, 'MasterAxis']);
  });
});
