import { expect, test, type Page } from '@playwright/test';
import { payOnLocalCheckout } from './payments-api';
import { signInDemoViaApi, signInPage, signUpViaApi } from './support/accounts';

/*
 * The tier-based profile /hypr/{id} (SPEC §2): following a seeded creator and subscribing to
 * their Hypr tier through the local provider's hosted checkout.
 */

/** A Hypr-tier item of the seeded demo_creator (server/seed/content-catalogue.ts). */
const HYPR_ITEM = 'Visual Set: Neon Rain';

const followerCount = async (page: Page) =>
  Number(await page.getByTestId('follower-count').textContent());

test('a fan follows, unfollows and subscribes to Hypr from a creator profile', async ({
  page,
  request,
}) => {
  const creator = await signInDemoViaApi(request, 'creator');
  const fan = await signUpViaApi(request, { prefix: 'member' });
  await signInPage(page, fan);

  await page.goto(`/hypr/${creator.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`@${creator.username}`)).toBeVisible();
  // No shared layout: the app header is not there, the page's own way back is.
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Follow: the count and the button come from the server's answer and survive a reload.
  const before = await followerCount(page);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeEnabled();
  await expect(page.getByTestId('follower-count')).toHaveText(String(before + 1));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText(String(before + 1));
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeEnabled();
  await expect(page.getByTestId('follower-count')).toHaveText(String(before));

  // The Hypr item is locked behind an overlay that says what unlocks it: the tier (issue 10).
  const tile = page.getByTestId('profile-tile').filter({ hasText: HYPR_ITEM });
  await expect(tile).toHaveAttribute('data-locked', 'true');
  await expect(tile.getByTestId('tile-locked')).toContainText('Included with the Hypr membership');
  await expect(tile.getByTestId('tile-locked')).toContainText('Hypr');
  await expect(page.getByTestId('subscribed-badge')).toHaveCount(0);

  // Subscribe to Hypr: tier card -> /checkout -> the local hosted checkout -> /success.
  const tierCard = page.getByTestId('tier-card');
  await expect(tierCard.getByTestId('tier-Aura')).toContainText('Current');
  await tierCard
    .getByTestId('tier-Hypr')
    .getByRole('button', { name: 'Subscribe with card' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-tier')).toHaveText('Hypr membership');
  // A membership checkout shows the tier being bought, not a blurred "locked" picture.
  await expect(page.getByTestId('checkout-tier-card')).toContainText(
    'Hypr posts and members-only drops.',
  );
  await expect(page.getByTestId('checkout-preview')).toHaveCount(0);
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();
  await pay.click();
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(page.getByText(/You are now a Hypr member/)).toBeVisible();

  // Back on the profile: the 'subscribed' badge, and the Hypr item unlocked.
  await page.getByRole('link', { name: /^Go to .+'s profile$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/hypr/${creator.id}$`));
  await expect(page.getByTestId('subscribed-badge')).toHaveText('Subscribed · Hypr');
  await expect(tierCard.getByTestId('tier-Hypr')).toContainText('Subscribed');
  await expect(tierCard.getByRole('button', { name: 'Subscribe with card' })).toHaveCount(0);
  // One running membership per creator: the other tier is a change of tier, in the wallet, with
  // the server's quote of the upgrade.
  await expect(tierCard.getByTestId('tier-HyprSoul')).toContainText('Change tier in your wallet:');
  await expect(tierCard.getByTestId('tier-upgrade-quote-HyprSoul')).toContainText(
    /^\$\d+\.\d\d now for the rest of this period$/,
  );
  await expect(tile).toHaveAttribute('data-locked', 'false');
  await expect(tile.getByTestId('tile-unlocked')).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByTestId('product-unlocked')).toBeVisible();
});

test('a failed follow shows the error once and keeps the state', async ({ page, request }) => {
  const creator = await signInDemoViaApi(request, 'creator');
  const fan = await signUpViaApi(request, { prefix: 'follower' });
  await signInPage(page, fan);
  await page.route('**/api/creator/*/follow', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  );

  await page.goto(`/hypr/${creator.id}`);
  const before = await followerCount(page);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByTestId('follow-error')).toHaveCount(1);
  await expect(page.getByTestId('follow-error')).toHaveText(
    'Could not update the follow. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeEnabled();
  await expect(page.getByTestId('follower-count')).toHaveText(String(before));
});

test('an unknown profile says so', async ({ page, request }) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'visitor' }));
  await page.goto('/hypr/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('profile-not-found')).toHaveText(
    'Error loading profile or profile not found.',
  );
});
