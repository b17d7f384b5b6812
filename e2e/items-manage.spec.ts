import { expect, test } from '@playwright/test';
import { createLockedItem } from './payments-api';
import { signInPage, signUpViaApi } from './support/accounts';

/*
 * Issue 10: a creator manages their items from the dashboard: edit in the prefilled upload form
 * (the new title shows in /discover), unpublish and delete with a confirmation.
 */

test('a creator edits a title from "My items" and sees it in /discover', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  const item = await createLockedItem(request, creator, '6.00');
  await signInPage(page, creator);

  await page.goto('/dashboard');
  const row = page.getByTestId('my-item').filter({ hasText: item.title });
  await expect(row.getByTestId('my-item-status')).toHaveText('Available');
  await row.getByRole('link', { name: `Edit ${item.title}` }).click();

  await expect(page).toHaveURL(`/upload/edit/${item.id}`);
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue(item.title);
  await expect(page.getByLabel('Price (€)')).toHaveValue('6.00');
  await expect(page.getByTestId('upload-image-preview')).toBeVisible();

  // A blank title is refused and the notice goes as soon as the form is valid again.
  await title.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('upload-message')).toContainText(
    'Please fill in all required fields',
  );
  const renamed = `${item.title} (remastered)`;
  await title.fill(renamed);
  await expect(page.getByTestId('upload-message')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('upload-message')).toContainText('Your item was published.');
  await expect(title).toHaveValue(renamed);

  await page.goto('/discover');
  await expect(page.locator('article', { hasText: renamed })).toBeVisible();
});

test('unpublish and delete ask first; delete says whether buyers keep access', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  const item = await createLockedItem(request, creator, '3.00');
  await signInPage(page, creator);
  await page.goto('/dashboard');
  const row = page.getByTestId('my-item').filter({ hasText: item.title });

  await row.getByRole('button', { name: 'Unpublish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish this item?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByTestId('my-item-status')).toHaveText('Available');

  await row.getByRole('button', { name: 'Unpublish' }).click();
  await page
    .getByRole('dialog', { name: 'Unpublish this item?' })
    .getByRole('button', { name: 'Unpublish' })
    .click();
  await expect(row.getByTestId('my-item-status')).toHaveText('Unavailable');
  await expect(row.getByRole('button', { name: 'Publish' })).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this item?' });
  await expect(confirmDelete.getByTestId('delete-buyers')).toHaveText(
    'Nobody has bought it, so nobody keeps access.',
  );
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(row.getByTestId('my-item-status')).toHaveText('Deleted');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(row.getByRole('link', { name: /^Edit / })).toHaveCount(0);
});
