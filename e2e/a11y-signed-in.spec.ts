import { expect, test, type Page } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import {
  signInDemoViaApi,
  signInPage,
  signUpViaApi,
  startSignedIn,
  type Account,
} from './support/accounts';
import { seedStorage } from './support/seeded-session';
import { seriousViolations, violationsLightThenDark } from './support/axe';

/**
 * Issue 10: axe on every signed-in screen, in the default light and dark themes, with real
 * data from the demo seed (a fan for the fan's screens, the demo creator for the dashboard).
 */

interface Screen {
  path: (ids: { creatorId: string; itemId: number }) => string;
  role: 'user' | 'creator';
  /** Shown once the screen has its data. */
  ready: (page: Page) => ReturnType<Page['getByTestId']>;
}

const SCREENS: Record<string, Screen> = {
  dashboard: {
    path: () => '/dashboard',
    role: 'creator',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  discover: {
    path: () => '/discover',
    role: 'user',
    ready: (page) => page.getByTestId('feed-post').first(),
  },
  upload: {
    path: () => '/upload',
    role: 'creator',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  wallet: {
    path: () => '/wallet',
    role: 'user',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  product: {
    path: ({ itemId }) => `/product/${itemId}`,
    role: 'user',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  profile: {
    path: ({ creatorId }) => `/hypr/${creatorId}`,
    role: 'user',
    ready: (page) => page.getByTestId('tier-card'),
  },
};

for (const [name, screen] of Object.entries(SCREENS)) {
  test(`signed in: ${name} has no serious or critical axe violations in light and dark`, async ({
    page,
    request,
  }) => {
    const creator: Account = await signInDemoViaApi(request, 'creator');
    const feed = await request.get('/api/v1/feed?limit=1');
    const itemId = ((await feed.json()) as { posts: Array<{ id: number }> }).posts[0]?.id ?? 0;
    const account = screen.role === 'creator' ? creator : await signInDemoViaApi(request, 'user');
    await seedStorage(page, { language: 'en' });
    await page.emulateMedia({ colorScheme: 'light' });
    await startSignedIn(page, account);
    await page.goto(screen.path({ creatorId: creator.id, itemId }));
    await expect(screen.ready(page)).toBeVisible();
    // Wait for lazy pictures and charts to settle before looking.
    await page.waitForLoadState('networkidle');
    expect(await violationsLightThenDark(page)).toEqual({ light: [], dark: [] });
  });
}

// The wallet's history (a top-up and a spend) is where its colour contrast broke: amounts in
// green and red on the card. A fresh fan makes one of each, then the page is checked in both.
test('the wallet with a history has no serious or critical axe violations in light and dark', async ({
  page,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'a11yseller' });
  const item = await createLockedItem(request, creator, '2,50');
  const fan = await signUpViaApi(request, { prefix: 'a11ywallet' });
  await signInPage(page, fan);
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Add €10.00' }).click();
  const pay = page.getByRole('button', { name: 'Pay €10.00' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success\?session_id=/);
  const spend = await request.post('/api/v1/wallet/unlock', {
    headers: { authorization: `Bearer ${fan.token}`, 'idempotency-key': `a11y-${item.id}` },
    data: { itemId: item.id },
  });
  expect(spend.ok(), await spend.text()).toBe(true);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((name) => localStorage.setItem('theme', name), theme);
    await page.goto('/wallet');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('table')).toContainText('€10.00');
    await expect(page.getByRole('table')).toContainText('€2.50');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), theme).toEqual([]);
  }
});
