import { expect, test } from '@playwright/test';
import { signInPage, signUpViaApi } from './support/accounts';

/*
 * The discover cards on a phone (the issue "What a first-time visitor meets"): each card shows
 * cover, title, creator, price or lock, and the like and comment counts; buying and commenting
 * are on the product page. Twenty cards with a payment form and a comment form each made a
 * 7,052 px page; slim ones fit in half of that.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a 390 px discover page shows slim cards', async ({ page, request }) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'slim' }));
  await page.goto('/discover');
  const posts = page.getByRole('article');
  await expect(posts).toHaveCount(20);
  await expect(page.getByTestId('spotlight')).toBeVisible();

  for (const post of await posts.all()) {
    await expect(post.getByTestId('post-cover')).toBeVisible();
    await expect(post.getByRole('heading', { level: 3 }).getByRole('link')).toBeVisible();
    await expect(post.locator('a[href^="/hypr/"]')).toBeVisible();
    await expect(post.getByTestId('post-price')).toBeVisible();
    await expect(post.getByTestId('post-likes')).toHaveText(/^Likes: \d+$/);
    await expect(post.getByTestId('post-comments')).toHaveText(/^Comments \(\d+\)$/);
  }
  // No payment, like, report or comment controls in any card.
  await expect(posts.getByRole('button')).toHaveCount(0);
  await expect(posts.getByRole('textbox')).toHaveCount(0);
  await expect(posts.locator('form')).toHaveCount(0);

  const size = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
  }));
  expect(size.height).toBeLessThan(3500);
  expect(size.width).toBeLessThanOrEqual(390);

  // The card leads to the product page, where buying and commenting happen.
  const first = posts.first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await first.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('visitor-count')).toHaveText(/^Visitors: [1-9]\d*$/);
  await expect(page.getByLabel('Your comment')).toBeVisible();
});
