import { expect, test, type Page } from '@playwright/test';
import { createLockedItem } from './payments-api';
import { signInPage, signUpViaApi, type Account } from './support/accounts';

/*
 * Early access (issue 42): until its time, an item with a tier is its members' only. A member of
 * the tier opens it on the product page; a follower who is not a member sees it locked with
 * "Members until {date}" and cannot buy it.
 */

const auth = (user: Account) => ({ authorization: `Bearer ${user.token}` });

/** "Members until {date}" as the page's reader sees it (their language and time zone). */
const membersUntil = (page: Page, iso: string) =>
  page.evaluate(
    (until) =>
      `Members until ${new Date(until).toLocaleString('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}`,
    iso,
  );

test('a member opens an early-access item that a follower sees locked with its date', async ({
  browser,
  request,
}) => {
  const creator = await signUpViaApi(request, { prefix: 'early' });
  const until = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  const item = await createLockedItem(request, creator, '3,00', {
    tierRequired: 'Hypr',
    earlyAccessUntil: until,
  });

  // A member of Hypr, by a complimentary membership the creator gives.
  const member = await signUpViaApi(request, { prefix: 'member' });
  const comp = await request.post('/api/v1/creator/members/comp', {
    headers: auth(creator),
    data: { userId: member.id, tier: 'Hypr', months: 1 },
  });
  expect(comp.status(), await comp.text()).toBe(201);

  // A follower who is no member.
  const follower = await signUpViaApi(request, { prefix: 'follower' });
  const follow = await request.post(`/api/creator/${creator.username}/follow`, {
    headers: auth(follower),
  });
  expect(follow.ok(), await follow.text()).toBe(true);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto(`/product/${item.id}`);
  await expect(memberPage.getByRole('heading', { name: item.title })).toBeVisible();
  await expect(memberPage.getByTestId('product-unlocked')).toHaveText(
    'You have access to this item.',
  );
  await expect(memberPage.getByTestId('product-locked')).toHaveCount(0);
  await memberContext.close();

  const followerContext = await browser.newContext();
  const followerPage = await followerContext.newPage();
  await signInPage(followerPage, follower);
  await followerPage.goto(`/product/${item.id}`);
  await expect(followerPage.getByRole('heading', { name: item.title })).toBeVisible();
  await expect(followerPage.getByTestId('product-locked')).toBeVisible();
  await expect(followerPage.getByTestId('product-unlocked')).toHaveCount(0);
  await expect(followerPage.getByTestId('product-early-access')).toContainText(
    await membersUntil(followerPage, until),
  );
  // Nobody buys it while it is members-first.
  await expect(followerPage.getByRole('button', { name: /^Unlock for / })).toHaveCount(0);
  await followerContext.close();
});
