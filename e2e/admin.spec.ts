import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createLockedItem } from './payments-api';
import {
  signInDemoViaApi,
  signInPage,
  signUpViaApi,
  uniqueUsername,
  type Account,
} from './support/accounts';
import { violationsLightThenDark } from './support/axe';
import { seedStorage } from './support/seeded-session';

/*
 * The admin area and moderation (issue 14), driven through the screens with accounts and
 * items made through the public API.
 */

const auth = (user: Account) => ({ authorization: `Bearer ${user.token}` });

/** A page of its own browser context, signed in as `account` (two people side by side). */
async function pageAs(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, account);
  return page;
}

/** A free item by a fresh creator, with a comment by a fresh commenter. */
async function itemWithComment(request: APIRequestContext, text: string) {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  const item = await createLockedItem(request, creator, '0');
  const commenter = await signUpViaApi(request, { prefix: 'chatty' });
  const res = await request.post(`/api/v1/items/${item.id}/comments`, {
    headers: auth(commenter),
    data: { text },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { item, creator, commenter };
}

test('a moderator opens the sales page from the sidebar (SPEC §1)', async ({ page, request }) => {
  await signInPage(page, await signInDemoViaApi(request, 'moderator'));
  await seedStorage(page, { testMode: 'false' });
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Sales' })
    .click();
  await expect(page).toHaveURL(/\/admin\/sales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  // The server answers a moderator (the demo's sales), not a refusal.
  await expect(page.getByRole('heading', { level: 2, name: 'Best sellers' })).toBeVisible();
  await expect(page.getByTestId('admin-sales-error')).toHaveCount(0);
});

test('a plain user opening an admin page is told their role cannot open it (test mode)', async ({
  page,
  request,
}) => {
  await signInPage(page, await signUpViaApi(request));
  for (const path of ['/admin', '/admin/users', '/admin/sales']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(
      page.getByRole('heading', { name: 'Your role cannot open this page' }),
    ).toBeVisible();
  }
});

test('a moderator warns content and lands on the reports page with the warning listed', async ({
  page,
  browser,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'warned' });
  const item = await createLockedItem(request, creator, '3.00');
  // The creator has the dashboard open while the moderator works: the notice arrives live.
  const creatorPage = await pageAs(browser, creator);
  await creatorPage.goto('/dashboard');
  await expect(creatorPage.getByRole('heading', { level: 1 })).toBeVisible();
  await signInPage(page, await signInDemoViaApi(request, 'moderator'));
  // With test mode off the sidebar shows a moderator's own links only (SPEC §1: sales too).
  await seedStorage(page, { testMode: 'false' });

  await page.goto('/admin/content');
  const sidebar = page.getByRole('navigation', { name: 'Admin area' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'Admin dashboard',
    'User management',
    'Moderation',
    'Reports',
    'Sales',
    // Single payments (issue 43) read with the sales permission.
    'Transactions',
  ]);
  await page.getByRole('searchbox', { name: 'Search' }).fill(item.title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('admin-content-row').filter({ hasText: item.title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Warn ${item.title}` }).click();

  const dialog = page.getByRole('dialog', { name: `Warn the creator of “${item.title}”?` });
  await dialog.getByLabel('Reason (optional)').fill('Misleading cover picture');
  await dialog.getByRole('button', { name: 'Warn' }).click();

  await expect(page).toHaveURL(/\/admin\/reports$/);
  const warning = page.getByTestId('admin-warning-row').filter({ hasText: item.title });
  await expect(warning).toContainText(creator.username);
  await expect(warning).toContainText('Misleading cover picture');

  // The creator sees it on their open dashboard, without a reload, until they acknowledge it.
  const notices = creatorPage.getByTestId('warning-notices');
  await expect(notices).toContainText('Misleading cover picture');
  await expect(notices.getByRole('link', { name: item.title })).toBeVisible();
  await notices.getByRole('button', { name: 'Understood' }).click();
  await expect(notices).toHaveCount(0);
  await creatorPage.context().close();
});

test('an admin suspends a user, who is signed out on their next request', async ({
  page,
  browser,
  request,
}) => {
  const fan = await signUpViaApi(request, { prefix: 'rulebreaker' });
  const fanPage = await pageAs(browser, fan);
  await fanPage.goto('/dashboard');
  await expect(fanPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fanPage).toHaveURL(/\/dashboard$/);

  await signInPage(page, await signInDemoViaApi(request, 'admin'));
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(fan.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('admin-user-row').filter({ hasText: fan.username });
  await row.getByRole('button', { name: `Suspend ${fan.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${fan.username}?` });
  await dialog.getByLabel('Reason (optional)').fill('Spamming every comment section');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByTestId('admin-notice')).toHaveText(`${fan.username} is suspended.`);
  await expect(row).toContainText('Suspended');

  // The fan's next request is refused: the app ends the session and shows the sign-in page.
  await fanPage.goto('/dashboard');
  await expect(fanPage).toHaveURL(/\/auth(\?returnTo=%2Fdashboard)?$/);
  await fanPage.getByLabel('Username or email').fill(fan.username);
  await fanPage.getByLabel('Password').fill(fan.password);
  await fanPage.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(fanPage.getByTestId('login-error')).toHaveText(
    'This account is suspended. Reason: Spamming every comment section',
  );
  await fanPage.context().close();
});

test('a fan reports a comment and the moderator sees it', async ({ page, browser, request }) => {
  const text = `Nobody wants your loops ${uniqueUsername('x')}`;
  const { item, commenter } = await itemWithComment(request, text);
  const fan = await signUpViaApi(request, { prefix: 'reporter' });
  const fanPage = await pageAs(browser, fan);

  await fanPage.goto(`/product/${item.id}`);
  const post = fanPage.getByTestId('product-card');
  await expect(post.getByTestId('comment-list')).toContainText(text);
  await post.getByRole('button', { name: `Report the comment by ${commenter.username}` }).click();
  const dialog = fanPage.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Harassment or bullying' });
  await dialog
    .getByLabel('Anything the moderators should know (optional)')
    .fill('Rude to the creator');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByTestId('report-sent')).toHaveText(
    'Thank you. The moderators will look at it.',
  );
  await fanPage.context().close();

  await signInPage(page, await signInDemoViaApi(request, 'moderator'));
  await page.goto('/admin/reports');
  const report = page.getByTestId('admin-report-row').filter({ hasText: text });
  await expect(report).toContainText('Harassment or bullying');
  await expect(report).toContainText('Rude to the creator');
  await expect(report).toContainText(fan.username);

  // Dismissing it moves it out of the open queue.
  await report.getByRole('button', { name: /^Dismiss: report/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('admin-report-row').filter({ hasText: text })).toHaveCount(0);
});

test("the audit log describes each event in the reader's language", async ({ page, request }) => {
  const admin = await signInDemoViaApi(request, 'admin');
  const fan = await signUpViaApi(request, { prefix: 'audited' });
  const res = await request.post(`/api/v1/admin/users/${fan.id}/suspend`, {
    headers: auth(admin),
    data: { reason: 'Spam in every comment' },
  });
  expect(res.status(), await res.text()).toBe(200);

  await signInPage(page, admin);
  await seedStorage(page, { language: 'de' });
  await page.goto('/admin/audit');
  await page.locator('#audit-subject-type').selectOption('user');
  await page.locator('#audit-subject-id').fill(fan.id);
  await page.locator('form[role="search"] button[type="submit"]').click();
  const events = page.getByTestId('audit-event');
  await expect(events.filter({ hasText: 'Gesperrt: Spam in every comment' })).toHaveCount(1);
  await expect(events.filter({ hasText: /^Konto erstellt \(über \w+\)$/ })).toHaveCount(1);
  await expect(events.filter({ hasText: /\{\{|audit\.event/ })).toHaveCount(0);
});

const ADMIN_PAGES = [
  ['/admin', 'Admin dashboard'],
  ['/admin/users', 'User management'],
  ['/admin/content', 'Moderation'],
  ['/admin/reports', 'Reports'],
  ['/admin/sales', 'Sales'],
  ['/admin/audit', 'Audit log'],
] as const;

for (const [path, heading] of ADMIN_PAGES) {
  test(`${path} has no serious or critical axe violations in light and dark`, async ({
    page,
    request,
  }) => {
    await signInPage(page, await signInDemoViaApi(request, 'superadmin'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await violationsLightThenDark(page)).toEqual({ light: [], dark: [] });
  });
}
