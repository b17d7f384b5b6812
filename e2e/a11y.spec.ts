import { expect, test } from '@playwright/test';
import { THEME_NAMES } from '../common/catalog/themes';
import { signInDemoViaApi, startSignedIn } from './support/accounts';
import { seriousViolations, violationsLightThenDark } from './support/axe';
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

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical axe violations in light and dark`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await violationsLightThenDark(page)).toEqual({ light: [], dark: [] });
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme} theme: the signed-in header and the open drawer have no serious or critical violations`, async ({
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
}

test('a creator profile /hypr/{id} has no serious or critical violations in light and dark', async ({
  page,
  request,
}) => {
  const creator = await signInDemoViaApi(request, 'creator');
  await page.emulateMedia({ colorScheme: 'light' });
  await startSignedIn(page, await signInDemoViaApi(request, 'user'));
  await page.goto(`/hypr/${creator.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('tier-card')).toBeVisible();
  await expect(page.getByTestId('profile-tile').first()).toBeVisible();
  expect(await violationsLightThenDark(page)).toEqual({ light: [], dark: [] });
});

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
    const violations = await seriousViolations(page, { rules: ['color-contrast'] });
    if (violations.length > 0) failures[theme] = violations;
  }
  expect(failures).toEqual({});
});

// Every axe test above passes on an empty list; this one shows the helper does report.
test('the axe helper reports serious violations it is shown', async ({ page }) => {
  await seedStorage(page, { theme: 'light' });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and FAQ' })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'beforeend',
      '<button id="axe-probe-button"></button>' +
        '<p id="axe-probe-text" style="color:#b0b0b0;background:#ffffff">faint</p>',
    );
  });
  const found = await seriousViolations(page, { include: 'main' });
  expect(found).toContainEqual(expect.stringMatching(/^button-name: .*#axe-probe-button/));
  expect(found).toContainEqual(expect.stringMatching(/^color-contrast: .*#axe-probe-text/));
  expect(await seriousViolations(page, { rules: ['color-contrast'] })).toEqual([
    'color-contrast: #axe-probe-text',
  ]);
});

// The same for the two-theme check: text dark enough on the light theme's background but not on
// the dark one's is found in the dark theme only, so the dark half does look at colours.
test('the two-theme check reports a colour that fails in dark only', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and FAQ' })).toBeVisible();
  await page.evaluate(() => {
    document
      .querySelector('main')!
      .insertAdjacentHTML('beforeend', '<p id="axe-probe-dim" style="color:#222222">dim</p>');
  });
  expect(await violationsLightThenDark(page, { include: 'main' })).toEqual({
    light: [],
    dark: ['color-contrast: #axe-probe-dim'],
  });
});
