import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ItemMailStats, NotificationPreferences } from '../common/schemas/newsletter';
import { createLockedItem } from './payments-api';
import { signInDemoViaApi, signInPage, signUpViaApi, type Account } from './support/accounts';
import { violationsLightThenDark } from './support/axe';
import { mailTextTo } from './support/mailbox';

/*
 * New-post e-mails (issue 42): a follower's per-creator choice in account settings, a creator's
 * update to their members from the dashboard, and an item's mail figures on its stats page.
 * Accounts and items are made through the public API; mails are read from the recipient's
 * mailbox at the run's mail server.
 */

test.describe.configure({ timeout: 90_000 });

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

/** A fresh creator: publishing a first item makes a user one (issue 4). */
async function newCreator(request: APIRequestContext) {
  const creator = await signUpViaApi(request, { prefix: 'nlmaker' });
  const item = await createLockedItem(request, creator, '3.00');
  return { creator, item };
}

async function follow(request: APIRequestContext, fan: Account, creator: Account) {
  const res = await request.post(`/api/creator/${creator.username}/follow`, { headers: auth(fan) });
  expect(res.status(), await res.text()).toBe(200);
}

async function preferencesOf(request: APIRequestContext, who: Account) {
  const res = await request.get('/api/v1/users/notification-preferences', { headers: auth(who) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as NotificationPreferences;
}

test('a follower switches a creator’s new-post e-mails off, and the choice stays', async ({
  page,
  request,
}) => {
  const { creator } = await newCreator(request);
  const fan = await signUpViaApi(request, { prefix: 'nlfan' });
  await follow(request, fan, creator);
  await signInPage(page, fan);
  await page.goto('/account');

  const section = page.getByTestId('account-new-posts');
  const row = section.getByTestId('account-new-posts-creator');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Following');
  const choice = row.getByRole('combobox');
  // A follower hears weekly until they choose.
  await expect(choice).toHaveValue('weekly');
  await choice.selectOption({ label: 'Off' });
  await expect(section.getByTestId('account-new-posts-notice')).toHaveText('Saved.');

  await page.reload();
  await expect(section.getByTestId('account-new-posts-creator').getByRole('combobox')).toHaveValue(
    'off',
  );
  expect((await preferencesOf(request, fan)).creators).toEqual([
    expect.objectContaining({ creatorId: creator.id, newItems: 'off', isDefault: false }),
  ]);
  expect(await violationsLightThenDark(page)).toEqual({ light: [], dark: [] });
});

test('a creator sends an update to their members and is told how many it goes to', async ({
  page,
  request,
}) => {
  const { creator } = await newCreator(request);
  const fan = await signUpViaApi(request, { prefix: 'nlmember' });
  const comp = await request.post('/api/v1/creator/members/comp', {
    headers: auth(creator),
    data: { email: fan.email, tier: 'Hypr', months: 1 },
  });
  expect(comp.ok(), await comp.text()).toBe(true);
  await signInPage(page, creator);
  await page.goto('/dashboard');

  const form = page.getByTestId('creator-update');
  await form.getByLabel('Subject').fill('Studio news');
  await form.getByLabel('Message').fill('New gear arrived.\n\nMore soon.');
  await form.getByRole('button', { name: 'Send the update' }).click();
  await expect(form.getByTestId('creator-update-sent')).toHaveText(
    'Your update is on its way to 1 member.',
  );
  await expect(form.getByLabel('Subject')).toHaveValue('');

  const [listed] = (await preferencesOf(request, fan)).creators;
  const text = await mailTextTo(fan.email, `${listed?.displayName}: Studio news`);
  expect(text).toContain('More soon.');
});

test('an item’s stats page and the admin outbox show its e-mails sent and opened by a click', async ({
  browser,
  page,
  request,
}) => {
  const { creator } = await newCreator(request);
  const fan = await signUpViaApi(request, { prefix: 'nlreader' });
  await follow(request, fan, creator);
  const chosen = await request.put('/api/v1/users/notification-preferences', {
    headers: auth(fan),
    data: { creators: [{ creatorId: creator.id, newItems: 'instant' }] },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const item = await createLockedItem(request, creator, '4.00');

  // The fan opens the mail's link: the click counts once, then leads to the item.
  const [listed] = (await preferencesOf(request, fan)).creators;
  const text = await mailTextTo(fan.email, `${listed?.displayName} published: ${item.title}`);
  const link = /\/api\/v1\/mail\/click\?s=\d+&to=%2Fproduct%2F\d+&sig=[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  const opened = await request.get(link!, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toContain(`/product/${item.id}`);

  const stats = async () => {
    const res = await request.get(`/api/v1/creator/items/${item.id}/mail-stats`, {
      headers: auth(creator),
    });
    return (await res.json()) as ItemMailStats;
  };
  await expect.poll(stats).toEqual({ queued: 0, sent: 1, clicked: 1 });

  await signInPage(page, creator);
  await page.goto(`/dashboard/items/${item.id}`);
  const mail = page.getByTestId('item-mail-stats');
  await expect(mail.getByTestId('item-mail-sent')).toContainText('E-mails sent1');
  await expect(mail.getByTestId('item-mail-clicked')).toContainText('Opened by click1');
  await expect(mail.getByTestId('item-mail-queued')).toHaveCount(0);
  await expect(
    mail.getByRole('figure', { name: 'E-mails sent and opened by click' }),
  ).toBeVisible();
  // The item's own metrics still show beside them.
  await expect(page.getByTestId('item-stat-views')).toBeVisible();
  expect(await violationsLightThenDark(page)).toEqual({ light: [], dark: [] });

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInPage(adminPage, await signInDemoViaApi(request, 'superadmin'));
  await adminPage.goto('/admin/outbox');
  const row = adminPage.getByTestId('outbox-newsletter').filter({ hasText: item.title });
  await expect(row.getByRole('cell')).toHaveText([
    `Item ${item.id}${item.title}`,
    creator.username,
    /\S/,
    '1',
    '0',
    '1',
  ]);
  await admin.close();
});
