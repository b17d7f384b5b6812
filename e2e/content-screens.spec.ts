import { expect, test, type Locator } from '@playwright/test';
import { signInPage, signUpViaApi } from './support/accounts';
import { PNG_8X8 } from './support/images';
import { seriousViolations } from './support/axe';

/*
 * The content screens' other states, on the demo data a first start seeds (a dozen creators with
 * items): the spotlight's drag and keys, infinite scroll, and the error and not-found texts.
 */

test.beforeEach(async ({ page, request }) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'viewer' }));
});

const scrollLeftOf = (slider: Locator) => slider.evaluate((el) => el.scrollLeft);

test('the spotlight shows six creators and scrolls by keys, mouse and touch', async ({ page }) => {
  await page.goto('/discover');
  // The server's page shows the spotlight at once; dragging it is the app's, once it took over.
  await expect(page.locator('[data-ssr]')).toHaveCount(0);
  const slider = page.getByRole('region', { name: 'Creator spotlight' });
  await expect(slider.getByRole('link')).toHaveCount(6);
  expect(await scrollLeftOf(slider)).toBe(0);

  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scrollLeftOf(slider)).toBe(200);

  // A mouse drag of 60px moves the row 1.5 times as far, and the release opens no card.
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 300, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 270, y, { steps: 3 });
  await page.mouse.move(box.x + 240, y, { steps: 3 });
  await page.mouse.up();
  await expect.poll(() => scrollLeftOf(slider)).toBe(290);
  await expect(page).toHaveURL(/\/discover$/);

  // Touch goes through the same pointer path (touch-action leaves horizontal moves to it).
  const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, clientY: y, button: 0 };
  await slider.dispatchEvent('pointerdown', { ...touch, clientX: box.x + 200 });
  await slider.dispatchEvent('pointermove', { ...touch, clientX: box.x + 220 });
  await slider.dispatchEvent('pointermove', { ...touch, clientX: box.x + 240 });
  await slider.dispatchEvent('pointerup', { ...touch, clientX: box.x + 240 });
  await expect.poll(() => scrollLeftOf(slider)).toBe(230);

  await slider.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => scrollLeftOf(slider)).toBe(0);
});

test('the feed loads the next page when the reader reaches its end', async ({ page }) => {
  // A phone's screen: the slim cards of one page fit a desktop window with the scroll margin,
  // where the next page would load before any scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/discover');
  const posts = page.getByRole('article');
  await expect(posts).toHaveCount(20);
  await posts.nth(19).scrollIntoViewIfNeeded();
  await expect.poll(() => posts.count()).toBeGreaterThan(20);
});

test('a product that does not exist, or fails to load, says so', async ({ page }) => {
  await page.goto('/product/987654321');
  await expect(page.getByTestId('product-not-found')).toHaveText(
    'This item does not exist or is no longer available.',
  );
  await page.goto('/product/not-a-number');
  await expect(page.getByTestId('product-not-found')).toBeVisible();

  await page.route('**/api/v1/items/**', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  );
  await page.goto('/product/1');
  await expect(page.getByText('The item could not be loaded.')).toBeVisible();
});

test('the dashboard names what failed after the fetching-error label', async ({ page }) => {
  await page.route('**/api/v1/dashboard', (route) => route.fulfill({ status: 200, json: 'oops' }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-error')).toHaveText(
    'Error while fetching data: The server sent data the dashboard cannot read.',
  );

  await page.unroute('**/api/v1/dashboard');
  await page.route('**/api/v1/dashboard', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  await page.reload();
  await expect(page.getByTestId('dashboard-error')).toHaveText(
    'Error while fetching data: Your dashboard could not be loaded.',
  );

  await page.unroute('**/api/v1/dashboard');
  await page.route('**/api/v1/users/profile', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  await page.reload();
  await expect(page.getByTestId('dashboard-error')).toHaveText(
    'Error while fetching data: Your profile could not be loaded.',
  );
});

test('a refused upload and a failed save keep what the user typed', async ({ page }) => {
  await page.goto('/upload');
  // The server checks the bytes: text named like an audio file is refused.
  await page.getByLabel('Audio (optional)').setInputFiles({
    name: 'song.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('just some text, not audio'),
  });
  await expect(page.getByRole('alert')).toHaveText(/^Audio upload failed: .+/);

  await page.getByLabel('Title', { exact: true }).fill('Kept title');
  await page.getByLabel('Description', { exact: true }).fill('Kept description');
  await page.getByLabel('Price (€)').fill('3.00');
  await page.getByLabel('Category', { exact: true }).selectOption('Music');
  await page.getByLabel('Subcategory', { exact: true }).selectOption('Beats');
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(page.getByTestId('upload-image-done')).toBeVisible();

  await page.route('**/api/v1/aura/create', (route) =>
    route.fulfill({ status: 503, json: { error: 'Database unavailable' } }),
  );
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('upload-message')).toHaveText(
    'Failed to save: Database unavailable',
  );
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Kept title');
  await expect(page.getByLabel('Subcategory', { exact: true })).toHaveValue('Beats');
  await expect(page.getByTestId('upload-image-preview')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the content screens have no serious axe violations (${theme})`, async ({
    page,
    request,
  }) => {
    // Four whole-page axe runs (the feed and the dashboard are large): 20 s on an idle 2-core
    // machine, 50-60 s on a busy one.
    test.setTimeout(150_000);
    await page.addInitScript((name) => localStorage.setItem('theme', name), theme);
    const feed = await request.get('/api/v1/feed?limit=1');
    const [first] = ((await feed.json()) as { posts: { id: number }[] }).posts;

    await page.goto('/discover');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByTestId('spotlight')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/upload');
    await page.getByLabel('Category', { exact: true }).selectOption('Music');
    await page.getByLabel('Tags', { exact: true }).fill('ambient');
    await page.getByLabel('Tags', { exact: true }).blur();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-earnings')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/product/${first!.id}`);
    await expect(page.getByTestId('product-card')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
