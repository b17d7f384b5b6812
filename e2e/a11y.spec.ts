import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { THEME_NAMES } from '../common/catalog/themes';
import { signInDemoViaApi, startSignedIn } from './support/accounts';
import { seedSignedIn, seedStorage } from './support/seeded-session';

const PUBLIC_PAGES = [
  { path: '/', heading: 'Welcome to Aura' },
  { path: '/help', heading: 'Help and FAQ' },
  { path: '/features', heading: 'Features' },
  { path: '/privacy-policy', heading: 'Privacy policy' },
  { path: '/terms-of-service', heading: 'Terms of service' },
  { path: '/imprint', heading: 'Imprint' },
  { path: '/auth', heading: 'Sign in to Aura' },
  { path: '/auth?tab=signup', heading: 'Sign in to Aura' },
  { path: '/register', heading: 'Create your account' },
  { path: '/no-such-page', heading: 'Page not found' },
];

async function seriousViolations(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const { path, heading } of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await seedStorage(page, { theme });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the signed-in header and the open drawer have no serious or critical violations', async ({
      page,
    }) => {
      await seedStorage(page, { theme });
      await seedSignedIn(page, 'admin');
      await page.goto('/help');
      await page.getByRole('button', { name: 'How do I register?' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a creator profile /hypr/{id} has no serious or critical violations', async ({
      page,
      request,
    }) => {
      const creator = await signInDemoViaApi(request, 'creator');
      await seedStorage(page, { theme });
      await startSignedIn(page, await signInDemoViaApi(request, 'user'));
      await page.goto(`/hypr/${creator.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('tier-card')).toBeVisible();
      await expect(page.getByTestId('profile-tile').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

// The unit test checks every theme's token pairs; this checks the CSS really paints them. One
// page steps through the themes with the header's theme button (the order of THEME_NAMES), so
// 31 checks cost one sign-in and one page load rather than 31.
test('colour contrast in every theme', async ({ page }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await seedStorage(page, { theme: 'light' });
  await seedSignedIn(page, 'admin');
  await page.goto('/help');
  await page.getByRole('button', { name: 'How do I register?' }).click();
  await expect(page.getByText(/Pick a username/)).toBeVisible();
  // Colours are read once a theme has finished painting, not halfway through a transition.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const failures: Record<string, string[]> = {};
  for (const [step, theme] of THEME_NAMES.entries()) {
    if (step > 0) await page.getByTestId('theme-cycle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const violations = await seriousViolations(page, ['color-contrast']);
    if (violations.length > 0) failures[theme] = violations;
  }
  expect(failures).toEqual({});
});
