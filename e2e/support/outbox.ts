import { expect, type Browser } from '@playwright/test';
import { seedSignedIn, seedStorage } from './seeded-session';

/**
 * The path and query of the newest mail's link to `page` sent to `address`, read where an
 * operator without a mail server reads it: the admin outbox page (issue 16).
 */
export async function linkFromOutbox(
  browser: Browser,
  address: string,
  page: string,
): Promise<string> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await seedSignedIn(admin, 'admin');
    await seedStorage(admin, { language: 'en' });
    await admin.goto('/admin');
    await admin.getByTestId('admin-sidebar').getByRole('link', { name: 'Outbox' }).click();
    await expect(admin).toHaveURL(/\/admin\/outbox$/);
    const mail = admin.getByTestId('outbox-mail').filter({ hasText: address }).filter({
      hasText: page,
    });
    await expect(mail.first()).toBeVisible();
    const text = (await mail.first().locator('pre').textContent()) ?? '';
    const match = new RegExp(`https?://[^/\\s]+(${page}\\?token=\\S+)`).exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  } finally {
    await context.close();
  }
}
