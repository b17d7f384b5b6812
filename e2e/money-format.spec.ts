import { expect, test, type APIRequestContext } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi, type Account } from './support/accounts';
import { mailTextTo } from './support/mailbox';
import { seedStorage } from './support/seeded-session';

/*
 * One money formatter (common/rules/money.ts): one purchase's amount reads the same on every
 * screen and in its mails. It once read "4,50 €" on the card, "€4.50" on the pay page and
 * "4.50 EUR" on the success page.
 */

const PRICE = '€4.50';

/** Tops `fan` up by `cents` through a real local checkout, as the wallet page would. */
async function topUpViaApi(request: APIRequestContext, fan: Account, cents: number) {
  const headers = { authorization: `Bearer ${fan.token}` };
  const session = await request.post('/v1/billing/create-checkout-session', {
    headers,
    data: { tier: 'topup', productId: 'topup', priceCents: cents },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { id } = (await session.json()) as { id: string };
  const paid = await request.post(`/api/v1/billing/local-checkout/${id}/pay`, {
    data: { email: fan.email, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('one purchase shows one money format on every screen and in its mails', async ({
  page,
  browser,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'seller' });
  const item = await createLockedItem(request, creator, '4,50');
  const fan = await signUpViaApi(request, { prefix: 'buyer' });
  await signInPage(page, fan);

  // Feed card: the price (buying happens on the product page).
  await page.goto('/discover');
  const post = page.getByRole('article').filter({ hasText: item.title });
  await expect(post.getByTestId('post-price')).toHaveText(`Price: ${PRICE}`);

  // Product page: the price and the unlock button.
  await page.goto(`/product/${item.id}`);
  await expect(page.getByTestId('product-price')).toHaveText(`Price: ${PRICE}`);
  await page.getByRole('button', { name: `Unlock for ${PRICE}` }).click();

  // Checkout and the provider's page.
  await expect(page).toHaveURL(/\/checkout$/);
  const pay = page.getByRole('button', { name: `Pay ${PRICE}` });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByTestId('pay-amount')).toHaveText(PRICE);
  await payOnLocalCheckout(page, '4242424242424242');

  // Success.
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(page.getByTestId('success-total')).toHaveText(PRICE);

  // The receipt to the buyer and the sale notice to the creator.
  expect(await mailTextTo(fan.email, `Your receipt: ${item.title}`)).toContain(`for ${PRICE}.`);
  expect(await mailTextTo(creator.email, `New sale: ${item.title}`)).toContain(
    `bought for ${PRICE}.`,
  );

  // Wallet: a second fan buys the same item with their balance.
  const second = await signUpViaApi(request, { prefix: 'wallet' });
  await topUpViaApi(request, second, 1000);
  const secondContext = await browser.newContext();
  const secondPage = await secondContext.newPage();
  await signInPage(secondPage, second);
  await secondPage.goto(`/product/${item.id}`);
  const balance = secondPage.getByTestId('pay-with-balance');
  await balance.getByRole('button', { name: `Pay ${PRICE} with balance` }).click();
  await balance.getByRole('button', { name: `Confirm: pay ${PRICE}` }).click();
  await expect(secondPage.getByText(`${PRICE} charged`)).toBeVisible();
  await secondPage.goto('/wallet');
  const spend = secondPage.getByTestId('wallet-history').getByRole('row', { name: item.title });
  await expect(spend).toContainText(`-${PRICE}`);
  await secondContext.close();

  // Creator dashboard: the item's price, and the earnings labelled as euros (10% fee kept).
  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  await signInPage(creatorPage, creator);
  await creatorPage.goto('/dashboard');
  const itemRow = creatorPage.getByTestId('my-item').filter({ hasText: item.title });
  await expect(itemRow).toContainText(PRICE);
  // Both sales in the creator's transactions, each at the same price in the same format.
  const sales = creatorPage
    .getByRole('row', { name: item.title })
    .and(creatorPage.locator('[data-testid^="transaction-"]'));
  await expect(sales).toHaveCount(2);
  for (const sale of await sales.all()) await expect(sale).toContainText(PRICE);
  const euros = creatorPage.getByTestId('earnings-eur');
  await expect(euros).toContainText('In euros');
  await expect(euros.getByTestId('earnings-total')).toHaveText('€8.10');
  await expect(creatorPage.getByTestId('dashboard-earnings')).not.toContainText('US dollars');

  // Another language: the same amount in that language's one format.
  await seedStorage(creatorPage, { language: 'de' });
  await creatorPage.goto(`/product/${item.id}`);
  await expect(creatorPage.getByTestId('product-price')).toHaveText(/^Preis: 4,50\s€$/);
  await creatorContext.close();
});
