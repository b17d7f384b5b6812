import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInDemoViaApi, signInPage, signUpViaApi, type Account } from './support/accounts';
import { seriousViolations } from './support/axe';

/*
 * The Control Hub (issue 15) in a real browser: a superadmin works every panel against the
 * server, an agency account sees the same panels read-only, and a plain user is sent away.
 */

const PANELS = ['System meta', 'Dashboard', 'Creator mapping', 'Payout routing', 'Role tools'];

/** Makes `user` a creator through the hub's own call, so they appear in the payout table. */
async function promote(request: APIRequestContext, by: Account, user: Account, role: string) {
  const res = await request.patch(`/api/v1/hub/users/${user.id}`, {
    headers: { authorization: `Bearer ${by.token}` },
    data: { role },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openHub(page: Page) {
  await page.goto('/masteraxis');
  await expect(page.getByRole('heading', { level: 1, name: 'Control Hub' })).toBeVisible();
  await expect(page).toHaveTitle(/Control Hub/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(PANELS);
}

test('a superadmin filters creators, edits a payout, changes a role and deactivates a user', async ({
  page,
  request,
}) => {
  // One long story through all five panels.
  test.setTimeout(90_000);
  const superadmin = await signInDemoViaApi(request, 'superadmin');
  const payee = await signUpViaApi(request, { prefix: 'payee' });
  const riser = await signUpViaApi(request, { prefix: 'riser' });
  const leaver = await signUpViaApi(request, { prefix: 'leaver' });
  await promote(request, superadmin, payee, 'creator');
  await signInPage(page, superadmin);
  await openHub(page);

  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

  // Creator mapping: case-insensitive search, then a status filter that leaves nobody.
  const creators = page.getByTestId('hub-creators');
  await creators.getByRole('searchbox', { name: 'Search by name or username' }).fill('LENA_LOOPS');
  await expect(creators.getByRole('row')).toHaveCount(2);
  await expect(creators.getByRole('cell', { name: '@lena_loops' })).toBeVisible();
  await creators.getByRole('combobox', { name: 'Status' }).selectOption('suspended');
  await expect(creators.getByText('No creators found.')).toBeVisible();

  // Payout routing: the server's refusal shows in the dialog and keeps the input.
  const payoutRow = page.getByTestId(`payout-row-${payee.username}`);
  await expect(payoutRow).toContainText('Not set up');
  await payoutRow.getByRole('button', { name: `Edit the payout of ${payee.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit payout' });
  await expect(dialog.getByLabel('Creator', { exact: true })).toHaveValue(payee.username);
  await dialog.getByLabel('Status', { exact: true }).selectOption('active');
  await dialog.getByLabel('Payment method', { exact: true }).fill('Wire transfer');
  await dialog.getByLabel('Auto payout', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('An active payout needs an account number on file.')).toBeVisible();
  await expect(dialog.getByLabel('Payment method', { exact: true })).toHaveValue('Wire transfer');

  // The dialog checks the same rules before sending: a mistyped routing digit.
  await dialog.getByLabel('Account number', { exact: true }).fill('000111222333');
  await dialog.getByLabel('Routing number', { exact: true }).fill('021000022');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This routing number fails the ABA checksum')).toBeVisible();
  await dialog.getByLabel('Routing number', { exact: true }).fill('021000021');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(payoutRow).toContainText('****2333');
  await expect(payoutRow).toContainText('****0021');
  await expect(payoutRow).not.toContainText('000111222333');
  await expect(payoutRow).toContainText('Wire transfer');
  await expect(payoutRow.getByText('Active', { exact: true })).toBeVisible();
  // After a reload too: the masked numbers come from the server.
  await page.reload();
  await expect(page.getByTestId(`payout-row-${payee.username}`)).toContainText('****2333');

  // A payout run asks first, then shows what it booked.
  await page.getByRole('button', { name: 'Run payouts' }).click();
  const confirm = page.getByRole('dialog', { name: 'Run payouts now?' });
  await confirm.getByRole('button', { name: 'Run payouts' }).click();
  await expect(page.getByTestId('hub-payout-run-result')).toBeVisible();
  await expect(page.getByTestId('hub-payout-run-result').getByRole('button')).toHaveText(
    'Download CSV',
  );

  // Role tools: a promotion, then a deactivation that ends the person's session.
  const roles = page.getByTestId('hub-roles');
  const search = roles.getByRole('textbox', { name: 'Search by name or email' });
  // Each change waits for its search's list to be shown, so no list read before the change can
  // land after it.
  const table = roles.getByTestId('hub-user-table');
  await search.fill(riser.email);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const riserRow = roles.getByTestId(`role-row-${riser.email}`);
  await riserRow
    .getByRole('combobox', { name: `Role of ${riser.username}` })
    .selectOption('moderator');
  await expect(riserRow.getByRole('status')).toHaveText('Saved.');
  await expect(riserRow.getByText('Moderator', { exact: true }).first()).toBeVisible();

  await roles.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await search.fill(leaver.email);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const leaverRow = roles.getByTestId(`role-row-${leaver.email}`);
  await leaverRow.getByRole('switch', { name: `${leaver.username} is active` }).click();
  await expect(leaverRow.getByRole('status')).toHaveText('Saved. Their sessions were ended.');
  await expect(leaverRow.getByText('Inactive', { exact: true })).toBeVisible();
  const ended = await request.get('/api/v1/users/profile', {
    headers: { authorization: `Bearer ${leaver.token}` },
  });
  expect(ended.status()).toBe(401);

  // The rails answer on the row: the superadmin cannot switch themselves off.
  await search.fill('demo_superadmin');
  const selfRow = roles.getByTestId('role-row-demo_superadmin@example.com');
  await expect(selfRow.getByRole('switch')).toBeDisabled();
  await search.fill('no-such-person-anywhere');
  await expect(roles.getByText('No users found matching the criteria')).toBeVisible();
});

// The searched list answers late; the row is changed meanwhile in the list still shown. The
// server reads that list after the change, or before it (then its answer holds the old row).
for (const listRead of ['after', 'before'] as const) {
  test(`a role changed while a search loads keeps its answer on the row (list read ${listRead} the change)`, async ({
    page,
    request,
  }) => {
    const superadmin = await signInDemoViaApi(request, 'superadmin');
    // The list is by username: one starting with 0 is on its first page however many exist.
    const riser = await signUpViaApi(request, { prefix: '0riser' });
    await signInPage(page, superadmin);
    await openHub(page);
    const roles = page.getByTestId('hub-roles');
    const table = roles.getByTestId('hub-user-table');
    const riserRow = roles.getByTestId(`role-row-${riser.email}`);
    await expect(riserRow).toBeVisible();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let markRead: () => void = () => {};
    const readByServer = new Promise<void>((resolve) => (markRead = resolve));
    await page.route(
      (url) => url.pathname === '/api/v1/hub/users' && url.searchParams.has('q'),
      async (route) => {
        if (listRead === 'after') {
          markRead();
          await held;
          await route.continue();
          return;
        }
        const response = await route.fetch();
        markRead();
        await held;
        await route.fulfill({ response });
      },
    );
    await roles.getByRole('textbox', { name: 'Search by name or email' }).fill(riser.email);
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await readByServer;
    await riserRow
      .getByRole('combobox', { name: `Role of ${riser.username}` })
      .selectOption('moderator');
    await expect(riserRow.getByRole('status')).toHaveText('Saved.');

    release();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(riserRow.getByRole('status')).toHaveText('Saved.');
    await expect(riserRow.getByText('Moderator', { exact: true }).first()).toBeVisible();
  });
}

test('an agency account sees every panel with the controls disabled', async ({ page, request }) => {
  await signInPage(page, await signInDemoViaApi(request, 'agency'));
  await openHub(page);
  await expect(page.getByTestId('hub-read-only')).toBeVisible();
  await expect(page.getByTestId('hub-kpi-totalAuras')).toBeVisible();
  await expect(page.getByTestId('hub-weekly-chart')).toBeVisible();

  const editButtons = page.getByTestId('hub-payout-table').getByRole('button', { name: /^Edit/ });
  await expect(editButtons.first()).toBeVisible();
  for (const button of await editButtons.all()) await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Run payouts' })).toBeDisabled();

  const roles = page.getByTestId('hub-roles');
  await roles.getByRole('textbox', { name: 'Search by name or email' }).fill('demo_');
  // The earlier list stays while the search loads: wait for the searched one.
  const userTable = roles.getByTestId('hub-user-table');
  await expect(userTable.locator('tbody tr').filter({ hasNotText: 'demo_' })).toHaveCount(0);
  await expect(userTable).toHaveAttribute('aria-busy', 'false');
  await expect(roles.getByTestId('role-row-demo_user@example.com')).toBeVisible();
  await expect(roles.getByRole('switch').first()).toBeVisible();
  await expect(roles.getByRole('combobox', { name: /^Role of/ }).first()).toBeVisible();
  for (const select of await roles.getByRole('combobox', { name: /^Role of/ }).all()) {
    await expect(select).toBeDisabled();
  }
  for (const toggle of await roles.getByRole('switch').all()) await expect(toggle).toBeDisabled();
  // Reading still works: the search and filters are theirs to use.
  await page
    .getByTestId('hub-creators')
    .getByRole('searchbox', { name: 'Search by name or username' })
    .fill('demo_creator');
  await expect(
    page.getByTestId('hub-creators').getByRole('cell', { name: '@demo_creator' }),
  ).toBeVisible();
});

test('a plain user is told their role cannot open the hub (test mode)', async ({
  page,
  request,
}) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'plain' }));
  await page.goto('/masteraxis');
  await expect(page).toHaveURL(/\/masteraxis$/);
  await expect(
    page.getByRole('heading', { name: 'Your role cannot open this page' }),
  ).toBeVisible();
});

test('a creator keeps their own payout settings from the wallet, masked after saving', async ({
  page,
  request,
}) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'earner' }));
  await page.goto('/wallet');
  await page.getByRole('link', { name: 'Payout settings' }).click();
  await expect(page).toHaveURL(/\/wallet\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payout settings' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0);
  await page.getByLabel('Payment method', { exact: true }).fill('Bank transfer');
  await page.getByLabel('Account number', { exact: true }).fill('123456789');
  await page.getByLabel('Routing number', { exact: true }).fill('026009593');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('own-payout-saved')).toBeVisible();
  await expect(page.getByText('On file: ****6789. Leave empty to keep it.')).toBeVisible();
  await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('own-payout-status')).toContainText('Pending');
});
