import { expect, test } from '@playwright/test';
import { signInPage, signUpViaApi } from './support/accounts';
import { PNG_8X8 } from './support/images';

/*
 * Issue 42: a creator schedules an item on the upload form, in their own time zone, and finds it
 * on "My items" as scheduled with its time.
 */

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

test('a creator schedules an item and sees it on "My items" with its time', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'planner' });
  await signInPage(page, creator);
  const title = `Dawn chorus ${Date.now().toString(36)}`;

  await page.goto('/upload');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Birdsong recorded at first light.');
  await page.getByLabel('Price (€)').fill('4.00');
  await page.getByLabel('Category', { exact: true }).selectOption('Music');
  await page.getByLabel('Subcategory', { exact: true }).selectOption('Loops');
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(page.getByTestId('upload-image-done')).toHaveText('cover.png uploaded');

  await page.getByLabel('Schedule', { exact: true }).check();
  await expect(page.getByText('Your time zone: America/New_York')).toBeVisible();
  const publishAt = page.getByLabel('Publish at', { exact: true });

  // A time in the past is refused by the form, and nothing is sent.
  await publishAt.fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('upload-message')).toHaveText(
    'Choose a publishing time in the future and at most one year ahead.',
  );

  // Two days ahead at 09:30, New York time, and how the dashboard writes that time.
  const { local, shown } = await page.evaluate(() => {
    const at = new Date(Date.now() + 2 * 24 * 3600_000);
    at.setHours(9, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      local: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:30`,
      shown: at.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    };
  });
  await publishAt.fill(local);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('upload-message')).toContainText('Your item is scheduled.');

  await page.goto('/dashboard');
  const row = page.getByTestId('my-item').filter({ hasText: title });
  await expect(row.getByTestId('my-item-status')).toHaveText('Scheduled');
  await expect(row.getByTestId('my-item-publish-at')).toHaveText(`Goes live ${shown}`);
});

test('saving an edit of a scheduled item keeps its schedule', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'replanner' });
  await signInPage(page, creator);
  const title = `Night shift ${Date.now().toString(36)}`;

  await page.goto('/upload');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Field recordings after midnight.');
  await page.getByLabel('Price (€)').fill('3.00');
  await page.getByLabel('Category', { exact: true }).selectOption('Music');
  await page.getByLabel('Subcategory', { exact: true }).selectOption('Loops');
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'night.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(page.getByTestId('upload-image-done')).toHaveText('night.png uploaded');
  await page.getByLabel('Schedule', { exact: true }).check();
  const local = await page.evaluate(() => {
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T21:15`;
  });
  await page.getByLabel('Publish at', { exact: true }).fill(local);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('upload-message')).toContainText('Your item is scheduled.');

  await page.goto('/dashboard');
  const row = page.getByTestId('my-item').filter({ hasText: title });
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  // The edit form starts on the item's schedule, at the time it was given.
  await expect(page.getByLabel('Schedule', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Publish at', { exact: true })).toHaveValue(local);
  await page
    .getByLabel('Description', { exact: true })
    .fill('Field recordings after midnight, remastered.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('upload-message')).toContainText('Your item is scheduled.');

  await page.goto('/dashboard');
  await expect(
    page.getByTestId('my-item').filter({ hasText: title }).getByTestId('my-item-status'),
  ).toHaveText('Scheduled');
});
