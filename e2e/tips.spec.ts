import { expect, test, type APIRequestContext } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi, type Account } from './support/accounts';

/*
 * Tips (issue 43): a fan tips a creator by test card with a public message and sees it on the
 * creator's page; the creator sees it, with what they earn, on their dashboard.
 */

/** Tops the fan's balance up through the API: a top-up checkout paid with the test card. */
async function topUp(request: APIRequestContext, fan: Account, price: string) {
  const started = await request.post('/v1/billing/create-checkout-session', {
    headers: { authorization: `Bearer ${fan.token}` },
    data: { tier: 'topup', price, productId: 'topup' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { id } = (await started.json()) as { id: string };
  const paid = await request.post(`/api/v1/billing/local-checkout/${id}/pay`, {
    data: { email: fan.email, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

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

test('a private tip from the balance stays off the page and shows on the dashboard', async ({
  browser,
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'tipped' });
  await createLockedItem(request, creator, '4,00');
  const fan = await signUpViaApi(request, { prefix: 'tipper' });
  await topUp(request, fan, '10.00');

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/creator/${creator.username}`);
  await fanPage.getByRole('button', { name: 'Tip', exact: true }).click();
  const dialog = fanPage.getByRole('dialog');
  await dialog.getByLabel('Amount (EUR)').fill('2');
  await dialog.getByLabel('Message (optional)').fill('Just between us');
  await dialog.getByLabel('Show my tip on the page').uncheck();
  await dialog.getByRole('button', { name: 'Pay from balance (€10.00)' }).click();
  await expect(dialog.getByTestId('tip-sent')).toHaveText('Thank you! Your tip of €2.00 was sent.');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  // The page's list has answered (without the private tip) before the check.
  const listed = fanPage.waitForResponse(
    (res) => res.url().includes(`/api/v1/creators/${creator.username}/tips`) && res.ok(),
  );
  await fanPage.reload();
  expect(((await (await listed).json()) as { tips: unknown[] }).tips).toEqual([]);
  await expect(fanPage.getByTestId('creator-profile')).toBeVisible();
  await expect(fanPage.getByTestId('creator-tips')).toHaveCount(0);
  await fanContext.close();

  await signInPage(page, creator);
  await page.goto('/dashboard');
  const panel = page.getByTestId('tips-panel');
  await expect(panel.getByTestId('tip-line')).toHaveCount(1);
  await expect(panel).toContainText('Just between us');
  await expect(panel).toContainText('Private');
});
