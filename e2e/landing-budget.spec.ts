import { expect, test } from '@playwright/test';

/**
 * STYLE.md "Size is watched": the JavaScript a first-time visitor of the landing page downloads.
 * Today that is React, the router, i18n, TanStack Query and the shell (about 430 kB before
 * compression); routes, the drawer and the smoke layer load on demand. Raise the budget only
 * deliberately.
 */
const LANDING_JS_BUDGET_BYTES = 470_000;

test('the landing page stays within its JavaScript budget', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    scripts.set(new URL(response.url()).pathname, (await response.body()).length);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Aura' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const listing = [...scripts].map(([path, size]) => `${path} ${size}`).join('\n');
  expect(total, listing).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  // Lazy pieces stay out until used.
  expect(
    [...scripts.keys()].filter((path) =>
      /Drawer|SmokeLayer|Chart|AssistantPanel|StudioPage/.test(path),
    ),
  ).toEqual([]);
});
