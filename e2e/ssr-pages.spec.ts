import { expect, test, type Page } from '@playwright/test';
import { demoAccount } from './support/accounts';
import { seedSignedIn } from './support/seeded-session';

/*
 * Server-rendered public pages (issue 41, "As light as the peer"; server/http/ssr/): the page
 * shows its content before any of the app's code runs, a visitor moves on by plain links, and
 * the app takes over where a person needs it.
 */

/** Every script the page asks for, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const appScripts = (scripts: string[]) =>
  scripts.filter((path) => !/\/boot-[\w-]+\.js$/.test(path));

test("a signed-out visitor opens a creator's link: the content is there without the app, and sign-up is one click", async ({
  page,
}) => {
  const creator = demoAccount('creator');
  const scripts = scriptsOf(page);
  await page.goto(`/creator/${creator.username}`);
  await expect(page.getByTestId('creator-name')).toBeVisible();
  await expect(page.getByTestId('profile-tile').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Only the small boot script ran: no application bundle for reading a page.
  expect(appScripts(scripts)).toEqual([]);
  await expect(page.locator('#root[data-ssr="creator"]')).toHaveCount(1);

  await page.getByTestId('sign-up-to-follow').click();
  await expect(page).toHaveURL(/\/auth\?tab=signup&returnTo=%2Fcreator%2F/);
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
});

test('from a server-rendered page a visitor goes on into the app, which then navigates itself', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#root[data-ssr="landing"]')).toHaveCount(1);
  // A creator card is a plain link to their page, rendered by the server as well.
  await page.getByTestId('landing-creator').first().click();
  await expect(page).toHaveURL(/\/hypr\//);
  await expect(page.locator('#root[data-ssr="hypr"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'View the full creator profile' }).click();
  await expect(page.getByTestId('creator-name')).toBeVisible();

  // The menu needs the app: pressing it loads the app, which opens the menu it was asked for.
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(page.locator('[data-ssr]')).toHaveCount(0);
  await expect(page.getByTestId('creator-name')).toBeVisible();
  // From here the app moves between pages itself: no new document is loaded.
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  await drawer.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
});

test('a signed-in person gets the whole app on a public page at once', async ({ page }) => {
  await seedSignedIn(page, 'user');
  const scripts = scriptsOf(page);
  await page.goto(`/creator/${demoAccount('creator').username}`);
  // The signed-in header, which only the app draws, and the page in the app's hands.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.locator('[data-ssr]')).toHaveCount(0);
  await expect(page.getByTestId('creator-name')).toBeVisible();
  expect(appScripts(scripts).length).toBeGreaterThan(0);
});

test('discover shows its spotlight from the server; the app takes over for a fan and sends a visitor to sign in', async ({
  page,
  browser,
}) => {
  await seedSignedIn(page, 'user');
  await page.goto('/discover');
  await expect(
    page.getByRole('region', { name: 'Creator spotlight' }).getByRole('link').first(),
  ).toBeVisible();
  // The fan's own feed and header come with the app.
  await expect(page.locator('[data-ssr]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByTestId('feed-post').first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/discover');
  await expect(visitor).toHaveURL(/\/auth\?.*returnTo=%2Fdiscover/);
  await expect(visitor.getByRole('tab', { name: 'Log in' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await visitor.close();
});
