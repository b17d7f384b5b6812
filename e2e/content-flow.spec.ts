import { expect, test, type Page, type Route } from '@playwright/test';
import { signInPage, signUpViaApi } from './support/accounts';
import { PNG_8X8 } from './support/images';

/** Holds image uploads until the test lets each one through, so its progress can be seen. */
async function holdImageUploads(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route('**/api/v1/media/upload-image', (route) => {
    held.push(route);
  });
  return held;
}

test('a creator publishes an item that a fan likes, comments, visits and finds locked', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  await signInPage(page, creator);
  const title = `Night drive loop ${Date.now().toString(36)}`;

  // ---- the creator's dashboard before anything happened ----
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('You have not published anything yet.')).toBeVisible();
  await expect(page.getByTestId('metric-views-value')).toHaveText('0');
  await expect(page.getByTestId('metric-likes-value')).toHaveText('0');

  // ---- upload ----
  await page.goto('/upload');
  const publish = page.getByRole('button', { name: 'Publish' });
  await publish.click();
  await expect(page.getByTestId('upload-message')).toHaveText(
    'Please fill in all required fields: title, description, price, image, category and subcategory.',
  );

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('A warm synth loop for late drives.');
  await page.getByLabel('Price (€)').fill('12,50');
  // SPEC §5: the subcategory appears only once a category is chosen, and resets on change.
  await expect(page.getByLabel('Subcategory', { exact: true })).toHaveCount(0);
  await page.getByLabel('Category', { exact: true }).selectOption('Video');
  await page.getByLabel('Subcategory', { exact: true }).selectOption('Vlogs');
  await page.getByLabel('Category', { exact: true }).selectOption('Music');
  await expect(page.getByLabel('Subcategory', { exact: true })).toHaveValue('');
  await page.getByLabel('Subcategory', { exact: true }).selectOption('Loops');

  // Tags are added on leaving the field; blank and repeated tags are ignored.
  const tagField = page.getByLabel('Tags', { exact: true });
  for (const text of ['synthwave', '  ', ' synthwave ', 'night']) {
    await tagField.fill(text);
    await tagField.blur();
  }
  await expect(page.getByRole('list', { name: 'Added tags' }).getByRole('listitem')).toHaveText([
    'synthwave',
    'night',
  ]);

  // A first image upload is cancelled while it runs; the second one is let through.
  const uploads = await holdImageUploads(page);
  const imagePicker = page.getByLabel('Image', { exact: true });
  await imagePicker.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(page.getByTestId('upload-image-progress')).toBeVisible();
  await expect.poll(() => uploads.length).toBe(1);
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByText('Upload cancelled.')).toBeVisible();
  await expect(page.getByTestId('upload-image-progress')).toHaveCount(0);
  await uploads[0]!.abort().catch(() => undefined);

  await imagePicker.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(page.getByTestId('upload-image-progress')).toBeVisible();
  await expect(page.getByText('Wait for the uploads to finish before publishing.')).toBeVisible();
  await expect(publish).toBeDisabled();
  await expect.poll(() => uploads.length).toBe(2);
  await uploads[1]!.continue();
  await expect(page.getByTestId('upload-image-done')).toHaveText('cover.png uploaded');
  await expect(page.getByTestId('upload-image-preview')).toBeVisible();

  await publish.click();
  await expect(page.getByTestId('upload-message')).toContainText('Your item was published.');
  // After a successful save the form starts over.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

  // Publishing the first item made the user a creator; the session goes on with the same token
  // and the screens show the role the server now holds.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(creator.token);

  // ---- the item is in the feed; its owner sees it unlocked ----
  await page.goto('/discover');
  const ownPost = page.getByRole('article').filter({ hasText: title });
  await expect(ownPost.getByTestId('unlocked-badge')).toHaveText('Unlocked');
  await expect(ownPost.getByTestId('post-price')).toContainText('€12.50');

  // ---- a fan finds it on a slim card, opens it, likes and comments on the product page ----
  const fanContext = await browser.newContext({ baseURL });
  const fanPage = await fanContext.newPage();
  const fan = await signUpViaApi(request, { prefix: 'fan' });
  await signInPage(fanPage, fan);
  await fanPage.goto('/discover');
  await expect(fanPage.getByTestId('spotlight')).toBeVisible();
  const post = fanPage.getByRole('article').filter({ hasText: title });
  await expect(post.getByTestId('locked-preview')).toBeVisible();
  await expect(post.getByTestId('unlocked-badge')).toHaveCount(0);
  await expect(post.getByTestId('post-likes')).toHaveText('Likes: 0');
  await expect(post.getByTestId('post-comments')).toHaveText('Comments (0)');
  // Buying and commenting happen on the product page, not in the card.
  await expect(post.getByRole('button')).toHaveCount(0);
  await post.getByRole('link', { name: title }).click();

  // ---- the product page is locked for the fan, by the server's answer ----
  await expect(fanPage).toHaveURL(/\/product\/\d+$/);
  await expect(fanPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(fanPage.getByTestId('product-locked')).toBeVisible();
  await expect(fanPage.getByTestId('locked-preview')).toBeVisible();
  await expect(fanPage.getByTestId('product-unlocked')).toHaveCount(0);
  // Opening the product page counts one visitor, once per day however often it is opened.
  await expect(fanPage.getByTestId('visitor-count')).toHaveText('Visitors: 1');
  await fanPage.reload();
  await expect(fanPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(fanPage.getByTestId('visitor-count')).toHaveText('Visitors: 1');

  // One like per person: it toggles, and the count is the server's.
  const like = fanPage.getByTestId('like-button');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(fanPage.getByTestId('like-count')).toHaveText('Likes: 1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(fanPage.getByTestId('like-count')).toHaveText('Likes: 0');
  await like.click();
  await expect(fanPage.getByTestId('like-count')).toHaveText('Likes: 1');

  // Comments are plain text, attributed to the signed-in author.
  await expect(fanPage.getByText('No comments yet.')).toBeVisible();
  const send = fanPage.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await fanPage.getByLabel('Your comment').fill('<b>Loved</b> it');
  await send.click();
  const comment = fanPage.getByTestId('comment-list').getByRole('listitem');
  await expect(comment).toHaveText(`${fan.username} <b>Loved</b> it`);
  await expect(comment.locator('b')).toHaveCount(0);
  await expect(fanPage.getByTestId('comments-count')).toHaveText('Comments (1)');

  // The card shows the new counts.
  await fanPage.getByRole('link', { name: 'Back to discover' }).click();
  await expect(post.getByTestId('post-likes')).toHaveText('Likes: 1');
  await expect(post.getByTestId('post-comments')).toHaveText('Comments (1)');
  await post.getByRole('link', { name: title }).click();
  await fanPage.getByRole('button', { name: 'Unlock for €12.50' }).click();
  await expect(fanPage).toHaveURL(/\/checkout$/);
  await expect(fanPage.getByTestId('checkout-tier')).toHaveText(title);
  await fanContext.close();

  // ---- the creator's dashboard counts the fan's like and visit ----
  await page.goto('/dashboard');
  await expect(page.getByTestId('metric-likes-value')).toHaveText('1');
  await expect(page.getByTestId('metric-views-value')).toHaveText('1');
  await expect(page.getByTestId('recent-content-card').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('dashboard-profile')).toContainText(creator.username);
  await expect(page.getByTestId('dashboard-profile')).toContainText('Creator');
});
