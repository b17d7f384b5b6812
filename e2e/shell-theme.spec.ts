import { expect, test } from '@playwright/test';
import { THEME_NAMES } from '../common/catalog/themes';
import { seedSignedIn } from './support/seeded-session';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('the theme button cycles through all 31 modes, wraps, and the choice survives a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await seedSignedIn(page, 'user');
  await page.goto('/');
  const cycle = page.getByTestId('theme-cycle');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(cycle).toHaveAccessibleName('Next theme (current: Light)');

  const seen = new Set<string>();
  for (let step = 1; step <= THEME_NAMES.length; step++) {
    await cycle.click();
    const expected = THEME_NAMES[step % THEME_NAMES.length] ?? '';
    await expect(html(page)).toHaveAttribute('data-theme', expected);
    seen.add(expected);
  }
  expect(seen.size).toBe(31);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');

  // Two more steps: "aura" is dark, so Bootstrap follows with data-bs-theme.
  await cycle.click();
  await cycle.click();
  await expect(html(page)).toHaveAttribute('data-theme', 'aura');
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'aura');
  await expect(page.getByTestId('theme-cycle')).toHaveAccessibleName('Next theme (current: Aura)');
});

test('with nothing saved the theme follows the system preference live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await seedSignedIn(page, 'user');
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');

  // Once a mode is chosen, the system preference no longer changes it.
  await page.getByTestId('theme-cycle').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-cycle').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'aura');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-theme', 'aura');
});

test('an invalid saved theme falls back to the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('theme', 'no-such-theme'));
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test('a theme repaints the page from its tokens', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'matrixNeon'));
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'matrixNeon');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(2, 10, 4)');
  await expect(page.getByRole('heading', { name: 'Welcome to Aura' })).toHaveCSS(
    'color',
    'rgb(182, 255, 200)',
  );
});
