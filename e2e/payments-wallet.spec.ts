import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout, signInPage, signUp, walletOf } from './payments-api';

test('a fan tops up, pays with balance and the balance drops once', async ({ page, request }) => {
  const creator = await signUp(request, 'seller');
  const item = await createLockedItem(request, creator, '4,50');
  const fan = await signUp(request, 'wallet');
  await signInPage(page, fan);

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-page-balance')).toHaveText('€0.00');
  await page.getByRole('button', { name: 'Add €10.00' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-tier')).toHaveText('Balance top-up');
  const pay = page.getByRole('button', { name: 'Pay €10.00' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByText('Your balance is now €10.00.')).toBeVisible();

  await page.goto('/discover');
  const post = page.locator('article', { hasText: item.title });
  const payWithBalance = post.getByTestId('pay-with-balance');
  await expect(payWithBalance.getByTestId('wallet-balance')).toHaveText('Your balance: €10.00');
  // A double click is one purchase intent: one Idempotency-Key, one charge.
  await payWithBalance.getByRole('button', { name: 'Pay €4.50 with balance' }).dblclick();
  // The feed is read again and the post unlocks from the server's answer.
  await expect(post.getByTestId('unlocked-badge')).toBeVisible();
  await expect(post.getByTestId('pay-with-balance')).toHaveCount(0);

  const wallet = await walletOf(request, fan);
  expect(wallet.balanceCents).toBe(550);
  expect(wallet.entries.filter((entry) => entry.kind === 'spend')).toEqual([
    expect.objectContaining({ amountCents: -450, itemId: item.id }),
  ]);

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-page-balance')).toHaveText('€5.50');
  const history = page.getByTestId('wallet-history');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('cell', { name: 'Unlock' })).toHaveCount(1);
  await expect(page.getByTestId('balance-chart')).toBeVisible();
});

test('not enough balance says so and links to the wallet', async ({ page, request }) => {
  const creator = await signUp(request, 'seller');
  const item = await createLockedItem(request, creator, '7,00');
  const fan = await signUp(request, 'broke');
  await signInPage(page, fan);

  await page.goto('/discover');
  const post = page.locator('article', { hasText: item.title });
  await post.getByRole('button', { name: 'Pay €7.00 with balance' }).click();
  await expect(post.getByText('Not enough balance for this item.')).toBeVisible();
  await post.getByRole('link', { name: 'Top up your wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  expect((await walletOf(request, fan)).balanceCents).toBe(0);
});
