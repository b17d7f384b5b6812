import { expect, test } from '@playwright/test';
import { signInDemoViaApi, signInPage, signUpViaApi, type Account } from './support/accounts';
import { seriousViolations } from './support/axe';
import { subscribeViaApi } from './payments-api';

/*
 * Pausing a membership (issue 43): the wallet's cancel dialog offers a pause of 1, 2 or 3
 * months first; the paused membership says until when and can be resumed.
 */

const auth = (user: Account) => ({ authorization: `Bearer ${user.token}` });

test('pause from the cancel flow', async ({ page, request }) => {
  const creator = await signInDemoViaApi(request, 'creator');
  const fan = await signUpViaApi(request, { prefix: 'pauser' });
  await subscribeViaApi(request, fan, creator);
  await signInPage(page, fan);

  await page.goto('/wallet');
  const row = page.getByTestId('memberships').getByRole('listitem');
  await expect(row).toContainText('Renews on');
  await row.getByRole('button', { name: 'Cancel membership' }).click();

  // The dialog offers the pause first; cancelling stays possible below it.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Pause instead?' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel membership' })).toBeVisible();
  expect(await seriousViolations(page, { include: '.modal-dialog' })).toEqual([]);
  await dialog.getByRole('radio', { name: '2 months' }).check();
  await dialog.getByRole('button', { name: 'Pause instead' }).click();
  await expect(dialog).toHaveCount(0);

  // Paused from the end of the paid period: access until then, paused two months after it.
  await expect(row.getByTestId('membership-paused-until')).toHaveText(/^Paused until /);
  await expect(row).toContainText('Access until');
  await expect(row.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  const list = await request.get('/api/v1/billing/subscriptions', { headers: auth(fan) });
  const [sub] = ((await list.json()) as { subscriptions: { pausedUntil: string | null }[] })
    .subscriptions;
  expect(sub?.pausedUntil).not.toBeNull();
  await page.reload();
  await expect(row.getByTestId('membership-paused-until')).toBeVisible();
  expect(await seriousViolations(page, { include: '[data-testid="memberships"]' })).toEqual([]);

  // Resuming before the pause begins drops it: the membership renews as before.
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByTestId('membership-paused-until')).toHaveCount(0);
  await expect(row).toContainText('Renews on');
  await expect(row.getByRole('button', { name: 'Cancel membership' })).toBeVisible();
});
