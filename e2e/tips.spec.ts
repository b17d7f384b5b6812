import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';

/*
 * Tips (issue 43): a fan tips a creator by test card with a public message and sees it on the
 * creator's page; the creator sees it, with what they earn, on their dashboard.
 */

test('a fan tips a creator with a public message; page and dashboard show it', async ({
  browser,
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'tipped' });
  // Publishing an item makes them a creator.
  await createLockedItem(request, creator, '4,00');

  const fan = await signUpViaApi(request, { prefix: 'tipper' });
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/creator/${creator.username}`);
  await fanPage.getByRole('button', { name: 'Tip', exact: true }).click();
  const dialog = fanPage.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Below the smallest tip the card button stays off.
  await dialog.getByLabel('Amount (EUR)').fill('0.20');
  await expect(dialog.getByRole('button', { name: 'Pay by card' })).toBeDisabled();
  await dialog.getByLabel('Amount (EUR)').fill('3,50');
  await dialog.getByLabel('Message (optional)').fill('Thanks for the tapes!');
  await expect(dialog.getByLabel('Show my tip on the page')).toBeChecked();
  await dialog.getByRole('button', { name: 'Pay by card' }).click();
  await expect(fanPage.getByTestId('pay-amount')).toHaveText('€3.50');
  await payOnLocalCheckout(fanPage, '4242424242424242');
  await expect(fanPage).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(fanPage.getByTestId('success-tip')).toHaveText('Thank you! Your tip was sent.');

  await fanPage.goto(`/creator/${creator.username}`);
  const tips = fanPage.getByTestId('creator-tips');
  await expect(tips.getByTestId('tip-line')).toHaveCount(1);
  await expect(tips).toContainText('Thanks for the tapes!');
  await expect(tips).toContainText('€3.50');
  await expect(tips).toContainText(fan.username);
  await fanContext.close();

  // The creator's dashboard: the tip with its message and what it earns (less the 10% fee).
  await signInPage(page, creator);
  await page.goto('/dashboard');
  const panel = page.getByTestId('tips-panel');
  await expect(panel.getByTestId('tip-line')).toHaveCount(1);
  await expect(panel).toContainText('Thanks for the tapes!');
  await expect(panel).toContainText('You earn €3.15');
  await expect(panel).toContainText('On your page');
});
