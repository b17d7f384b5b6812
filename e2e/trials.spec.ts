import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';
import { seriousViolations } from './support/axe';

/*
 * Free trials (issue 43): a creator sets a 7-day trial of Hypr in their settings; a fan sees it
 * on the tier card and the checkout, starts it for $0.00 and the wallet says until when.
 */

test('a creator offers a free trial; a fan starts it for nothing', async ({
  browser,
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'trialer' });
  // Publishing an item makes them a creator.
  await createLockedItem(request, creator, '4,00');
  await signInPage(page, creator);
  // The saved trials arrive late, as on a busy server: what is typed must not be lost to them.
  await page.route('**/api/v1/creator/trials', async (route) => {
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/creator/settings');
  await page.getByLabel('Free trial (days): Hypr', { exact: true }).fill('31');
  await expect(page.getByRole('button', { name: 'Save trials' })).toBeDisabled();
  await page.getByLabel('Free trial (days): Hypr', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Save trials' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const fan = await signUpViaApi(request, { prefix: 'trialfan' });
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/hypr/${creator.id}`);
  const tierCard = fanPage.getByTestId('tier-card');
  await expect(tierCard.getByTestId('trial-Hypr')).toHaveText('Free for 7 days, then $5.00/month');
  await expect(tierCard.getByTestId('trial-HyprSoul')).toHaveCount(0);
  expect(await seriousViolations(fanPage, { include: '[data-testid="tier-card"]' })).toEqual([]);
  await tierCard
    .getByTestId('tier-Hypr')
    .getByRole('button', { name: 'Subscribe with card' })
    .click();
  await expect(fanPage.getByTestId('checkout-trial')).toHaveText(
    'Free for 7 days, then $5.00/month',
  );
  await fanPage.getByRole('button', { name: /^Pay / }).click();
  await expect(fanPage.getByTestId('pay-amount')).toContainText('$0.00');
  await expect(fanPage.getByTestId('pay-trial')).toHaveText('Free for 7 days, then $5.00/month');
  await payOnLocalCheckout(fanPage, '4242 4242 4242 4242');
  await expect(fanPage).toHaveURL(/\/success\?session_id=cs_local_/);

  await fanPage.goto('/wallet');
  const row = fanPage.getByTestId('memberships').getByRole('listitem');
  await expect(row.getByTestId('membership-trial-until')).toHaveText(/^Trial until /);
  await fanContext.close();
});
