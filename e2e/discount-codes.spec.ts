import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';

/*
 * Discount codes (issue 43): a creator makes a code on the dashboard, a fan types a wrong one
 * (the translated refusal), then the right one (the new total), pays the discounted price, and
 * the creator sees the redemption counted.
 */

test('buy with a discount code', async ({ browser, page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'codes' });
  // Publishing makes a user a creator (issue 4), who makes discount codes.
  const item = await createLockedItem(request, creator, '10,00');
  const code = `SAVE${Date.now() % 1_000_000}`;

  await signInPage(page, creator);
  await page.goto('/dashboard');
  const panel = page.getByTestId('discount-codes');
  await expect(panel.getByRole('heading', { name: 'Discount codes' })).toBeVisible();
  await panel.getByLabel('Code').fill(code.toLowerCase());
  await panel.getByLabel('Percent (1–100)').fill('25');
  await panel.getByLabel('Max uses (optional)').fill('5');
  await panel.getByRole('button', { name: 'Create code' }).click();
  const row = panel.getByTestId('discount-row').filter({ hasText: code });
  await expect(row).toContainText('25 %');
  await expect(row.getByTestId('discount-redemptions')).toHaveText('0 / 5 used');

  const fan = await signUpViaApi(request, { prefix: 'saver' });
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/product/${item.id}`);
  await fanPage.getByRole('button', { name: /unlock/i }).click();
  await expect(fanPage).toHaveURL(/\/checkout$/);
  await expect(fanPage.getByRole('button', { name: 'Pay €10.00' })).toBeEnabled();

  // A wrong code: the refusal in the reader's language, under the field.
  const field = fanPage.getByLabel('Discount code');
  await field.fill('NOT-A-CODE');
  await fanPage.getByRole('button', { name: 'Apply' }).click();
  await expect(fanPage.getByTestId('discount-error')).toHaveText(
    'The code NOT-A-CODE does not exist for this purchase.',
  );

  // The right one, typed in lower case: the server's new total, on the pay button too.
  await field.fill(code.toLowerCase());
  await fanPage.getByRole('button', { name: 'Apply' }).click();
  await expect(fanPage.getByTestId('discount-total')).toHaveText(
    `Code ${code}: €2.50 off. New total: €7.50`,
  );
  // Taking the code off and on again: the full price, then the new total once more; the
  // checkout it replaced gives its redemption back (the creator counts one below).
  await field.fill('');
  await fanPage.getByRole('button', { name: 'Apply' }).click();
  await expect(fanPage.getByRole('button', { name: 'Pay €10.00' })).toBeEnabled();
  await expect(fanPage.getByTestId('discount-total')).toHaveCount(0);
  await field.fill(code);
  await fanPage.getByRole('button', { name: 'Apply' }).click();
  await expect(fanPage.getByTestId('discount-total')).toHaveText(
    `Code ${code}: €2.50 off. New total: €7.50`,
  );
  const pay = fanPage.getByRole('button', { name: 'Pay €7.50' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(fanPage.getByTestId('pay-amount')).toHaveText('€7.50');
  await expect(fanPage.getByTestId('pay-discount')).toContainText(`Discount code ${code}`);
  await payOnLocalCheckout(fanPage, '4242424242424242');
  await expect(fanPage).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(fanPage.getByTestId('success-total')).toHaveText('€7.50');
  await fanContext.close();

  // The creator: one redemption used, the sale at the discounted amount.
  await page.reload();
  await expect(row.getByTestId('discount-redemptions')).toHaveText('1 / 5 used');
  const sale = page
    .getByRole('row', { name: item.title })
    .and(page.locator('[data-testid^="transaction-"]'));
  await expect(sale).toContainText('€7.50');
});
