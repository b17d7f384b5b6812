import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createLockedItem, type ApiItem } from './payments-api';
import { signInDemoViaApi, signInPage, signUpViaApi, type Account } from './support/accounts';
import { linkFromMailbox } from './support/mailbox';
import { seedStorage } from './support/seeded-session';

/*
 * Refunds (issue 43) through the screens: an admin finds a sale from the sales page, refunds it
 * after confirming, and the buyer's item locks again.
 */

const auth = (user: Account) => ({ authorization: `Bearer ${user.token}` });

/** The fan buys the item with the test card, through the API the checkout page calls. */
async function buyByCard(request: APIRequestContext, fan: Account, item: ApiItem) {
  const started = await request.post('/v1/billing/create-checkout-session', {
    headers: auth(fan),
    data: { tier: item.title, productId: item.id },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: string };
  const paid = await request.post(`/api/v1/billing/local-checkout/${id}/pay`, {
    data: {
      email: 'fan@example.test',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

async function pageAs(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, account);
  return page;
}

test('an admin refunds a sale and the buyer’s item locks', async ({ browser, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'seller' });
  const item = await createLockedItem(request, creator, '4,50');
  const fan = await signUpViaApi(request, { prefix: 'buyer' });
  await buyByCard(request, fan, item);

  const fanPage = await pageAs(browser, fan);
  await fanPage.goto(`/product/${item.id}`);
  await expect(fanPage.getByTestId('product-unlocked')).toBeVisible();

  const adminPage = await pageAs(browser, await signInDemoViaApi(request, 'admin'));
  await seedStorage(adminPage, { testMode: 'false' });
  await adminPage.goto('/admin/sales');
  await adminPage.getByTestId('admin-sales-transactions').click();
  await expect(adminPage).toHaveURL(/\/admin\/transactions$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await adminPage.getByLabel('Item ID').fill(String(item.id));
  await adminPage.getByRole('button', { name: 'Filter' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`itemId=${item.id}`));
  const row = adminPage.getByTestId('transactions-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fan.username);
  await expect(row).toContainText('€4.50');
  await expect(row.getByTestId('refund-state')).toHaveText('Not refunded');

  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Refund this payment?' });
  await expect(dialog).toContainText(`€4.50 goes back to ${fan.username}`);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('refund-state')).toHaveText('Refunded');
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  await fanPage.reload();
  await expect(fanPage.getByTestId('locked-preview')).toBeVisible();
  await expect(fanPage.getByTestId('product-unlocked')).toHaveCount(0);
});

test('the Control Hub shows what a creator owes after a refund that came after their payout', async ({
  browser,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'owing' });
  const item = await createLockedItem(request, creator, '4,50');
  const fan = await signUpViaApi(request, { prefix: 'buyer' });
  await buyByCard(request, fan, item);
  const admin = await signInDemoViaApi(request, 'admin');
  // Payouts go only to creators who proved their address.
  const creatorPage = await pageAs(browser, creator);
  await creatorPage.goto(await linkFromMailbox(creator.email, '/verify-email'));
  await expect(creatorPage.getByTestId('verify-done')).toContainText(creator.email);

  const settings = await request.put(`/api/v1/hub/payouts/${creator.id}`, {
    headers: auth(admin),
    data: {
      paymentMethod: 'Bank transfer',
      bankName: 'First Test Bank',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      currency: 'usd',
      status: 'active',
      autoPayout: true,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const run = await request.post('/api/v1/hub/payouts/run', {
    headers: { ...auth(admin), 'idempotency-key': `e2e-owing-${creator.username}` },
  });
  expect(run.ok(), await run.text()).toBe(true);
  const paid = ((await run.json()) as { transfers: { creatorId: string; amountCents: number }[] })
    .transfers;
  expect(paid.filter((p) => p.creatorId === creator.id).map((p) => p.amountCents)).toEqual([405]);
  const listed = await request.get(`/api/v1/admin/transactions?itemId=${item.id}`, {
    headers: auth(admin),
  });
  const [sale] = ((await listed.json()) as { transactions: { id: number }[] }).transactions;
  const refunded = await request.post(`/api/v1/admin/sales/${sale!.id}/refund`, {
    headers: { ...auth(admin), 'idempotency-key': `e2e-owing-refund-${sale!.id}` },
    data: {},
  });
  expect(refunded.ok(), await refunded.text()).toBe(true);

  // 4.50 paid, 4.05 of it the creator's and paid out: that is what the next runs carry.
  const hubPage = await pageAs(browser, admin);
  await hubPage.goto('/masteraxis');
  const carried = hubPage.getByTestId('hub-payout-carried');
  await expect(carried.getByRole('heading', { name: 'Negative balances carried' })).toBeVisible();
  await expect(carried).toContainText(`${creator.username} owes €4.05`);
});
