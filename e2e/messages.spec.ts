import { expect, test, type Page } from '@playwright/test';
import { createLockedItem } from './payments-api';
import { signInDemoViaApi, signInPage, signUpViaApi } from './support/accounts';
import { seriousViolations } from './support/axe';

/*
 * Direct messages (issue 11) in two browser contexts: a fan writes to a creator from the
 * creator's profile, the creator sees the unread badge and the message arrive live, answers,
 * and the fan sees the answer live; a reload keeps the history; search has its empty state.
 */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const messageList = (page: Page) => page.getByTestId('message-list');

test('two people exchange messages live, with the unread badge, history and search', async ({
  browser,
  page,
  request,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  // Publishing the first item makes an account a creator (docs/features.md).
  await createLockedItem(request, creator, '4.00');
  const fan = await signUpViaApi(request, { prefix: 'writer' });

  // The creator waits on the dashboard: the header's badge shows nothing unread yet.
  await signInPage(page, creator);
  await page.goto('/dashboard');
  const creatorBadge = page.getByTestId('header-messages');
  await expect(creatorBadge).toHaveAccessibleName('Messages');
  await expect(page.getByTestId('messages-badge')).toHaveCount(0);

  // The fan opens the conversation from the creator's profile.
  const fanContext = await browser.newContext({ baseURL });
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/hypr/${creator.id}`);
  await fanPage.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(fanPage).toHaveURL(new RegExp(`/messages/${creator.id}$`));
  await expect(fanPage.getByTestId('chat-peer-name')).toHaveText(creator.username);
  await expect(fanPage.getByTestId('empty-conversation')).toBeVisible();

  // SPEC §5: blank text is not sent; Shift+Enter adds a line, Enter sends.
  const send = fanPage.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await composer(fanPage).fill('   ');
  await expect(send).toBeDisabled();
  await composer(fanPage).fill('Hello there!');
  await composer(fanPage).press('Shift+Enter');
  await composer(fanPage).pressSequentially('<img src=x onerror=alert(1)> is just text');
  await expect(composer(fanPage)).toHaveValue(
    'Hello there!\n<img src=x onerror=alert(1)> is just text',
  );
  await composer(fanPage).press('Enter');
  await expect(composer(fanPage)).toHaveValue('');
  const sent = messageList(fanPage).getByTestId('message').last();
  await expect(sent).toContainText('<img src=x onerror=alert(1)> is just text');
  await expect(sent).toHaveAttribute('data-state', 'sent');
  await expect(messageList(fanPage).locator('img')).toHaveCount(0);

  // The creator's badge counts it, live.
  await expect(page.getByTestId('messages-badge')).toHaveText('1');
  await expect(creatorBadge).toHaveAccessibleName('Messages (1 unread)');

  // The creator opens messages: the fan is listed with the preview and the unread count.
  await creatorBadge.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByTestId('select-user')).toHaveText('Select a user to start chatting');
  const row = page.getByTestId('chat-user').filter({ hasText: fan.username });
  await expect(row).toContainText('is just text');
  await expect(row.getByTestId('chat-user-unread')).toContainText('1');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/messages/${fan.id}$`));
  await expect(messageList(page)).toContainText('Hello there!');
  // Reading it clears the badge, and the fan sees that it was seen.
  await expect(page.getByTestId('messages-badge')).toHaveCount(0);
  await expect(fanPage.getByTestId('message-seen')).toBeVisible();

  // The creator answers; the fan's open conversation shows it live, its link made safe.
  await composer(page).fill('Thanks! See https://aura.example/news for more.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = messageList(fanPage).getByTestId('message').filter({ hasText: 'Thanks!' });
  await expect(answer).toBeVisible();
  const link = answer.getByRole('link', { name: 'https://aura.example/news' });
  await expect(link).toHaveAttribute('href', 'https://aura.example/news');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // A failed send stays, marked, with what was typed, and goes through on retry (one copy).
  await fanPage.route('**/api/v1/messages/*', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await composer(fanPage).fill('Sent on a bad connection');
  await composer(fanPage).press('Enter');
  const failed = messageList(fanPage)
    .getByTestId('message')
    .filter({ hasText: 'Sent on a bad connection' });
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed).toContainText('Not sent');
  await fanPage.unroute('**/api/v1/messages/*');
  await failed.getByRole('button', { name: 'Retry' }).click();
  // Stored (and, the creator having the conversation open, at once seen).
  await expect(failed).toHaveAttribute('data-state', /^(sent|seen)$/);
  await expect(
    messageList(page).getByTestId('message').filter({ hasText: 'Sent on a bad connection' }),
  ).toHaveCount(1);

  // A reload keeps the whole history.
  await fanPage.reload();
  await expect(messageList(fanPage)).toContainText('Hello there!');
  await expect(messageList(fanPage)).toContainText('Thanks! See https://aura.example/news');
  await expect(
    messageList(fanPage).getByTestId('message').filter({ hasText: 'Sent on a bad connection' }),
  ).toHaveCount(1);

  // Search: nobody matches, then the fan by part of their name in another letter case.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill('no-such-person-here');
  await expect(page.getByTestId('no-users')).toHaveText('No users found');
  await search.fill(fan.username.slice(0, 10).toUpperCase());
  await expect(page.getByTestId('chat-user').filter({ hasText: fan.username })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The creator reports one of the fan's messages to the moderators.
  await messageList(page)
    .getByTestId('message')
    .filter({ hasText: 'Hello there!' })
    .getByRole('button', { name: 'Report' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Report this message' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Harassment or bullying' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you. The moderators will look at this message.',
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await fanContext.close();
});

test('an empty inbox says how to start a conversation and links to discover', async ({
  page,
  request,
}) => {
  const newcomer = await signUpViaApi(request, { prefix: 'quiet' });
  await signInPage(page, newcomer);
  await page.goto('/messages');
  const empty = page.getByTestId('no-conversations');
  await expect(empty).toContainText("Open a creator's page and press Message");
  await expect(page.getByTestId('no-users')).toHaveCount(0);
  await expect(page.getByTestId('select-user')).toHaveText('Select a user to start chatting');
  await empty.getByRole('link', { name: 'Discover creators' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test("a creator's public page has a Message button that opens the conversation", async ({
  page,
  request,
}) => {
  const fan = await signUpViaApi(request, { prefix: 'writer' });
  const creator = await signInDemoViaApi(request, 'creator');
  await signInPage(page, fan);
  await page.goto(`/creator/${creator.username}`);
  await page.getByTestId('message-button').click();
  await expect(page).toHaveURL(new RegExp(`/messages/${creator.id}$`));
});

test('older history loads on scrolling up, without losing the place', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'long' });
  await createLockedItem(request, creator, '2.00');
  const fan = await signUpViaApi(request, { prefix: 'chatty' });
  for (let i = 0; i < 45; i += 1) {
    const res = await request.post(`/api/v1/messages/${creator.id}`, {
      headers: { authorization: `Bearer ${fan.token}` },
      data: { text: `Line ${String(i).padStart(2, '0')}`, clientId: `scroll-${fan.id}-${i}` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signInPage(page, creator);
  await page.goto(`/messages/${fan.id}`);
  const list = messageList(page);
  // The newest page (30 messages) shows, scrolled to the newest.
  await expect(list.getByText('Line 44')).toBeInViewport();
  await expect(list.getByTestId('message')).toHaveCount(30);
  await expect(list.getByText('Line 00')).toHaveCount(0);
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(list.getByTestId('message')).toHaveCount(45);
  await expect(list.getByText('Line 00')).toBeAttached();
  // The message that was at the top stays in view: the older ones came in above it.
  await expect(list.getByText('Line 15')).toBeInViewport();
  await expect(list.getByText('Line 00')).not.toBeInViewport();
  await expect(list.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);
});
