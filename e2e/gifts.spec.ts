import { expect, test } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';
import { mailTextTo } from './support/mailbox';
import { seedStorage } from './support/seeded-session';

/*
 * Gifts (issue 43): fan A gives three months of a creator's Hypr tier to an e-mail address;
 * the gift mail reaches that mailbox at the run's mail server; fan B, signed out, opens its
 * link, signs in, comes back, redeems it and holds the membership; A's wallet says redeemed.
 */

test('redeem a gift from its mail in the outbox', async ({ browser, page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'gifted' });
  // Publishing an item makes them a creator, who offers memberships.
  await createLockedItem(request, creator, '4,00');
  const giver = await signUpViaApi(request, { prefix: 'giver' });
  const friend = await signUpViaApi(request, { prefix: 'friend' });

  await signInPage(page, giver);
  await page.goto(`/creator/${creator.username}`);
  await page
    .getByTestId('creator-profile')
    .getByRole('button', { name: 'Give as a gift' })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Months').selectOption('3');
  await expect(dialog.getByTestId('gift-price')).toHaveText('$15.00');
  await dialog.getByLabel("Recipient's e-mail").fill(friend.email);
  await dialog.getByLabel('Message (optional)').fill('Enjoy the tapes!');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('pay-amount')).toHaveText('$15.00');
  await payOnLocalCheckout(page, '4242424242424242');
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(page.getByTestId('success-gift')).toBeVisible();

  // The gift mail, where its recipient reads it.
  const text = await mailTextTo(friend.email, /sent you a gift$/);
  expect(text).toContain('Enjoy the tapes!');
  expect(text).toContain('3 month(s) of the Hypr membership');
  const link = /https?:\/\/[^/\s]+(\/gifts\/[\w-]+)/.exec(text)?.[1];
  expect(link).toBeDefined();

  // The friend opens it signed out, signs in, and is brought back to redeem it.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await seedStorage(friendPage, { language: 'en' });
  await friendPage.goto(link!);
  await expect(friendPage.getByTestId('gift-what')).toHaveText(/^3 months of Hypr with /);
  await expect(friendPage.getByText('Enjoy the tapes!')).toBeVisible();
  await friendPage.getByRole('link', { name: 'Sign in to redeem' }).click();
  const form = friendPage.getByRole('tabpanel', { name: 'Log in' });
  await form.getByLabel('Username or email').fill(friend.email);
  await form.getByLabel('Password').fill(friend.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(friendPage).toHaveURL(new RegExp(`${link!}$`));
  await friendPage.getByRole('button', { name: 'Redeem' }).click();
  await expect(friendPage.getByTestId('gift-redeemed')).toBeVisible();

  // The friend holds the membership now.
  await friendPage.goto(`/hypr/${creator.id}`);
  await expect(
    friendPage.getByTestId('tier-card').getByTestId('tier-Hypr').getByText('Subscribed'),
  ).toBeVisible();
  await friendContext.close();

  // The giver's wallet lists the gift as redeemed, with nothing left to resend or refund.
  await page.goto('/wallet');
  const sent = page.getByTestId('sent-gifts').getByTestId('sent-gift');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(friend.email);
  await expect(sent.getByTestId('sent-gift-state')).toHaveText('Redeemed');
  await expect(sent.getByRole('button', { name: 'Resend' })).toHaveCount(0);
});
