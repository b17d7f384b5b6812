import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('rotates the three logos every 3000 ms', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const logo = page.getByTestId('landing-logo');
    await expect(logo).toHaveAttribute('alt', 'Aura logo');
    await page.clock.runFor(2900);
    await expect(logo).toHaveAttribute('alt', 'Aura logo');
    await page.clock.runFor(100);
    await expect(logo).toHaveAttribute('alt', 'Hypr logo');
    await expect(logo).toHaveAttribute('src', '/logo-hypr.svg');
    await page.clock.runFor(3000);
    await expect(logo).toHaveAttribute('alt', 'HyprSoul logo');
    await page.clock.runFor(3000);
    await expect(logo).toHaveAttribute('alt', 'Aura logo');
  });

  test('get started leads to /auth', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Aura' })).toBeVisible();
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  });

  test('the footer logo leads home', async ({ page }) => {
    await page.goto('/features');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aura home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('help page: the FAQ accordion opens one answer at a time and links to the legal pages', async ({
  page,
}) => {
  await page.goto('/help');
  const registration = page.getByRole('button', { name: 'How do I register?' });
  const upload = page.getByRole('button', { name: 'How do I upload a product?' });
  await expect(page.getByRole('button', { name: 'How do I find products?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'How do I contact support?' })).toBeVisible();
  await expect(registration).toHaveAttribute('aria-expanded', 'false');

  await registration.click();
  await expect(registration).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Pick a username of at least four characters/)).toBeVisible();

  await upload.click();
  await expect(upload).toHaveAttribute('aria-expanded', 'true');
  await expect(registration).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/Pick a username of at least four characters/)).toBeHidden();

  // A fresh install has no support address (SUPPORT_EMAIL, OPERATOR_EMAIL): no made-up one.
  await expect(page.getByTestId('support-not-configured')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveCount(0);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await page.goBack();
  await main.getByRole('link', { name: 'terms of service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
});

test('features page shows the six cards', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByTestId('feature-card')).toHaveCount(6);
  for (const title of [
    'User interface',
    'Quick sign-up',
    'Dashboard',
    'Security',
    'Automated updates',
    'Mobile support',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
});

test('legal pages answer on their long and short paths', async ({ page }) => {
  for (const [path, heading] of [
    ['/privacy-policy', 'Privacy policy'],
    ['/privacy', 'Privacy policy'],
    ['/terms-of-service', 'Terms of service'],
    ['/terms', 'Terms of service'],
    ['/imprint', 'Imprint'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('404 page offers home and help', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Get help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.goto('/another/missing/page');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Aura' })).toBeVisible();
});

test('the language switcher changes the texts, html lang, and persists over reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Aura' })).toBeVisible();
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { name: 'Bienvenido a Aura' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bienvenido a Aura' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByLabel('Idioma').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Willkommen bei Aura' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Loslegen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('back-to-top appears after 300px of scroll and scrolls up', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
  await expect(backToTop).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(backToTop).toBeHidden();
});

test('the smoke switch adds a decorative layer and persists', async ({ page }) => {
  await page.goto('/');
  const smokeSwitch = page.getByRole('switch', { name: 'Smoke effect' });
  await expect(smokeSwitch).not.toBeChecked();
  await expect(page.getByTestId('smoke-layer')).toHaveCount(0);
  await smokeSwitch.check();
  const layer = page.getByTestId('smoke-layer');
  await expect(layer).toBeAttached();
  await expect(layer).toHaveAttribute('aria-hidden', 'true');
  await expect(layer).toHaveCSS('pointer-events', 'none');
  // The layer must not block the page: the get-started link stays clickable.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Smoke effect' })).toBeChecked();
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
});
