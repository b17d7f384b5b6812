import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInDemoViaApi, signInPage, signUpViaApi, type Account } from './support/accounts';
import { seriousViolations } from './support/axe';
import { subscribeViaApi } from './payments-api';

/*
 * Changing a membership's tier (issue 43): the wallet's "Change tier" dialog quotes the upgrade
 * (the prorated difference to pay now); confirming moves the membership to the higher tier at
 * once, and the creator's tier card shows it.
 */

const auth = (user: Account) => ({ authorization: `Bearer ${user.token}` });

interface SubscriptionView {
  id: string;
  tier: string;
  priceCents: number;
  tierChanges: { tier: string; direction: string; amountCents: number }[];
}

async function subscriptionsOf(request: APIRequestContext, fan: Account) {
  const list = await request.get('/api/v1/billing/subscriptions', { headers: auth(fan) });
  expect(list.ok()).toBe(true);
  return ((await list.json()) as { subscriptions: SubscriptionView[] }).subscriptions;
}

test('upgrade a tier', async ({ page, request }) => {
  const creator = await signInDemoViaApi(request, 'creator');
  const fan = await signUpViaApi(request, { prefix: 'upgrader' });
  await subscribeViaApi(request, fan, creator);
  await signInPage(page, fan);

  await page.goto('/wallet');
  const row = page.getByTestId('memberships').getByRole('listitem');
  await expect(row).toContainText('Renews on');
  await row.getByRole('button', { name: 'Change tier' }).click();

  // The server's quote: just subscribed, so nearly the whole difference ($15 - $5) is due now.
  const dialog = page.getByRole('dialog');
  const upgrade = dialog.getByRole('radio', {
    name: /^HyprSoul: pay \$(\d+\.\d\d) now, then \$15\.00\/month$/,
  });
  await expect(upgrade).toBeChecked();
  const label = await dialog.locator('label[for="change-tier-HyprSoul"]').innerText();
  const quoted = Math.round(Number(/\$(\d+\.\d\d) now/.exec(label)?.[1]) * 100);
  expect(quoted).toBeGreaterThan(990);
  expect(quoted).toBeLessThanOrEqual(1000);
  expect(await seriousViolations(page, { include: '.modal-dialog' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toHaveCount(0);

  // At once: the higher tier and its price; the lower one is now a downgrade for the period end.
  await expect(row).toContainText('HyprSoul');
  await expect(row).toContainText('$15.00');
  const [sub] = await subscriptionsOf(request, fan);
  expect(sub).toMatchObject({
    tier: 'HyprSoul',
    priceCents: 1500,
    tierChanges: [{ tier: 'Hypr', direction: 'downgrade', amountCents: 0 }],
  });

  // The creator's tier card shows the new tier as the fan's.
  await page.goto(`/hypr/${creator.id}`);
  const tierCard = page.getByTestId('tier-card');
  await expect(tierCard.getByTestId('tier-HyprSoul')).toContainText('Subscribed');
  await expect(page.getByTestId('subscribed-badge')).toHaveText('Subscribed · HyprSoul');
});
