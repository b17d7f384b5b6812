import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';

/*
 * Pay what you want (issue 43): the creator lets fans pay more on the edit form, a fan pays more
 * than the minimum, and the creator's dashboard books the amount paid.
 */

test('a fan pays more than the minimum and the creator sees that amount', async ({
  browser,
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'pwyw' });
  const item = await createLockedItem(request, creator, '9,99');

  // The creator turns the item into pay what you want: minimum 3, suggested 5.
  await signInPage(page, creator);
  await page.goto(`/upload/edit/${item.id}`);
  await page.getByLabel('Let fans pay more').check();
  await page.getByLabel('Minimum price (€)').fill('3');
  await page.getByLabel('Suggested price (€)').fill('5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('upload-message')).toHaveAttribute('role', 'status');

  // A fan sees the minimum and the suggested amount, and pays more.
  const fan = await signUpViaApi(request, { prefix: 'fan' });
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/product/${item.id}`);
  await expect(fanPage.getByTestId('product-price')).toHaveText(
    'Pay what you want (minimum €3.00)',
  );
  const amount = fanPage.getByTestId('product-pwyw-amount');
  await expect(amount).toHaveValue('5.00');
  await expect(fanPage.getByRole('button', { name: 'Unlock for €5.00' })).toBeVisible();
  // Below the minimum the page says so and stays.
  await amount.fill('2');
  await fanPage.getByRole('button', { name: /^Unlock for/ }).click();
  await expect(fanPage.getByRole('alert')).toContainText('Pay at least €3.00');
  await expect(fanPage).toHaveURL(new RegExp(`/product/${item.id}$`));

  await amount.fill('12,50');
  await fanPage.getByRole('button', { name: 'Unlock for €12.50' }).click();
  await expect(fanPage).toHaveURL(/\/checkout$/);
  const pay = fanPage.getByRole('button', { name: 'Pay €12.50' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(fanPage.getByTestId('pay-amount')).toHaveText('€12.50');
  await payOnLocalCheckout(fanPage, '4242424242424242');
  await expect(fanPage).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(fanPage.getByTestId('success-total')).toHaveText('€12.50');
  await fanContext.close();

  // The creator's dashboard: the sale at the amount paid, earnings net of the 10% fee.
  await page.goto('/dashboard');
  const sale = page
    .getByRole('row', { name: item.title })
    .and(page.locator('[data-testid^="transaction-"]'));
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('€12.50');
  await expect(page.getByTestId('earnings-eur').getByTestId('earnings-total')).toHaveText('€11.25');
});
