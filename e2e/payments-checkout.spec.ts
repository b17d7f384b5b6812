import { expect, test, type Page } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout, type ApiItem } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';

/** From the locked product page to the checkout and on to the local provider's page. */
async function startCheckout(page: Page, item: ApiItem): Promise<void> {
  await page.goto(`/product/${item.id}`);
  await page.getByRole('button', { name: /unlock/i }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
}

test('a fan buys a locked item with the test card and sees it unlocked everywhere', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'seller' });
  const item = await createLockedItem(request, creator, '4,50');
  const fan = await signUpViaApi(request, { prefix: 'buyer' });
  await signInPage(page, fan);

  await page.goto('/discover');
  const post = page.locator('article', { hasText: item.title });
  await expect(post.getByTestId('unlocked-badge')).toHaveCount(0);
  await expect(post.getByTestId('locked-preview')).toBeVisible();

  await page.goto(`/product/${item.id}`);
  await expect(page.getByTestId('product-locked')).toBeVisible();
  await expect(page.getByTestId('pay-with-balance')).toBeVisible();
  await page.getByRole('button', { name: /unlock/i }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-tier')).toHaveText(item.title);
  await expect(page.getByTestId('checkout-preview')).toHaveCSS('height', '280px');
  // Issue 18: every page of a test-card payment says no money moves.
  await expect(page.getByTestId('test-payment-notice')).toContainText('no money moves');
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();
  await pay.click();

  await expect(page.getByTestId('pay-amount')).toHaveText('€4.50');
  await expect(page.getByLabel('Email')).toHaveValue(fan.email);
  await expect(page.getByTestId('test-payment-notice')).toContainText('no money moves');
  await payOnLocalCheckout(page, '4242424242424242');

  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('success-total')).toHaveText('€4.50');
  await expect(page.getByTestId('success-method')).toHaveText('CARD');
  await expect(page.getByTestId('success-email')).toHaveText(fan.email);
  await expect(page.getByTestId('test-payment-notice')).toHaveText(
    'This was a test payment: no money moved.',
  );
  const product = page.getByTestId('purchased-product');
  await expect(product.getByText('Unlocked')).toBeVisible();
  // The full image comes through a signed URL the media server accepts.
  const image = product.getByTestId('purchased-image');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto('/discover');
  await expect(post.getByTestId('unlocked-badge')).toBeVisible();
  await expect(post.getByTestId('locked-preview')).toHaveCount(0);

  await page.goto(`/product/${item.id}`);
  await expect(page.getByTestId('product-unlocked')).toBeVisible();
  await expect(page.getByTestId('product-locked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /unlock/i })).toHaveCount(0);
});

test('a declined card shows the provider message under the card field', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'seller' });
  const item = await createLockedItem(request, creator, '3,00');
  const fan = await signUpViaApi(request, { prefix: 'buyer' });
  await signInPage(page, fan);
  await startCheckout(page, item);

  await page.getByLabel('Card number').fill('4000000000000002');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await payOnLocalCheckout(page, '4000000000000002');
  await expect(page.getByTestId('pay-cardNumber-error')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/pay\/cs_local_/);

  // A number failing the Luhn check is refused before it is sent.
  await payOnLocalCheckout(page, '4242424242424241');
  await expect(page.getByTestId('pay-cardNumber-error')).toHaveText('Your card number is invalid.');

  await page.goto(`/product/${item.id}`);
  await expect(page.getByRole('button', { name: /unlock/i })).toBeVisible();
});

test('cancelling the payment returns to discover', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'seller' });
  const item = await createLockedItem(request, creator, '2,00');
  const fan = await signUpViaApi(request, { prefix: 'buyer' });
  await signInPage(page, fan);
  await startCheckout(page, item);

  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/cancel/);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to discover' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test('checkout without state and success without a session explain what is missing', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/checkout');
  await expect(page.getByRole('alert')).toHaveText(/Checkout session is missing/);
  await expect(page.getByRole('link', { name: 'Back to discover' })).toBeVisible();

  await page.goto('/success');
  await expect(page.getByRole('alert')).toHaveText(/Invalid checkout session/);
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();

  await page.goto('/pay/cs_local_doesnotexist');
  await expect(page.getByRole('alert')).toHaveText(/could not be loaded/);
});
