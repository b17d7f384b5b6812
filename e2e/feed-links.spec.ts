import { expect, test } from '@playwright/test';
import { demoAccount, signInPage, signUpViaApi } from './support/accounts';

/*
 * Issue 42: a follower copies their private feed link from the account settings, a podcast app
 * reads it, and "Reset link" makes a new one while the old one stops.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a follower copies a private feed link from account settings and resets it', async ({
  page,
  request,
}) => {
  const fan = await signUpViaApi(request, { prefix: 'listener' });
  const creator = demoAccount('creator');
  const followed = await request.post(`/api/creator/${creator.username}/follow`, {
    headers: { authorization: `Bearer ${fan.token}` },
  });
  expect(followed.status(), await followed.text()).toBe(200);
  await signInPage(page, fan);

  await page.goto('/account');
  const section = page.getByTestId('account-feeds');
  await expect(section.getByRole('heading', { name: 'Feeds and podcasts' })).toBeVisible();
  const row = section.getByTestId('feed-link').filter({ hasText: 'Follower' });
  await row.getByRole('button', { name: 'Make feed link' }).click();
  await expect(row.getByRole('status')).toHaveText('Your feed link is ready.');

  const link = row.getByRole('textbox', { name: /^Private feed link for / });
  const firstUrl = await link.inputValue();
  expect(firstUrl).toMatch(/\/api\/v1\/feeds\/[^/]+\/[\w-]{43}\.rss$/);
  await row.getByRole('button', { name: 'Copy feed link' }).click();
  await expect(row.getByRole('status')).toHaveText('Feed link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

  const path = (url: string) => new URL(url).pathname;
  const feed = await request.get(path(firstUrl));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(await feed.text()).toContain('<itunes:block>Yes</itunes:block>');

  // Reset asks first; the new link differs and the old one answers 404.
  await row.getByRole('button', { name: 'Reset link' }).click();
  await row.getByRole('button', { name: 'Reset link' }).click();
  await expect(row.getByRole('status')).toHaveText(
    'A new link was made: the old one no longer works.',
  );
  await expect(link).not.toHaveValue(firstUrl);
  const secondUrl = await link.inputValue();
  expect((await request.get(path(firstUrl))).status()).toBe(404);
  expect((await request.get(path(secondUrl))).status()).toBe(200);
});
