import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';

/*
 * Yearly plans (issue 43): a fan switches the creator's tier card to Yearly, sees the year's
 * price and its saving, pays it with the local test card, and the wallet lists the membership
 * renewing yearly at that price; its cancel dialog offers a pause of whole years.
 */

test('a fan picks Yearly on a tier card and pays the yearly price', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'yearly' });
  // Publishing an item makes them a creator.
  await createLockedItem(request, creator, '4,00');

  const fan = await signUpViaApi(request, { prefix: 'yearlyfan' });
  await signInPage(page, fan);
  await page.goto(`/hypr/${creator.id}`);
  const tierCard = page.getByTestId('tier-card');
  await expect(tierCard.getByTestId('tier-price-Hypr')).toHaveText('$5.00/month');
  await tierCard.getByRole('radio', { name: 'Yearly' }).click();
  await expect(tierCard.getByRole('radio', { name: 'Yearly' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(tierCard.getByTestId('tier-price-Hypr')).toHaveText('$50.00/year');
  await expect(tierCard.getByTestId('tier-Hypr')).toContainText('2 months free');
  await tierCard
    .getByTestId('tier-Hypr')
    .getByRole('button', { name: 'Subscribe with card' })
    .click();

  await expect(page.getByTestId('checkout-tier-price')).toHaveText('$50.00/year');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('pay-amount')).toContainText('$50.00');
  await expect(page.getByTestId('pay-amount')).toContainText('per year');
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);

  await page.goto('/wallet');
  const row = page.getByTestId('memberships').getByRole('listitem');
  await expect(row.getByTestId('membership-price')).toHaveText('$50.00/year');
  const nextYear = new Date();
  nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
  await expect(row).toContainText(String(nextYear.getUTCFullYear()));

  // A yearly plan pauses for years, from the end of the paid year.
  await row.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: '1 year' })).toBeChecked();
  await dialog.getByRole('radio', { name: '2 years' }).check();
  await dialog.getByRole('button', { name: 'Pause instead' }).click();
  await expect(dialog).toHaveCount(0);
  const inThreeYears = new Date();
  inThreeYears.setUTCFullYear(inThreeYears.getUTCFullYear() + 3);
  await expect(row.getByTestId('membership-paused-until')).toContainText(
    String(inThreeYears.getUTCFullYear()),
  );
});
