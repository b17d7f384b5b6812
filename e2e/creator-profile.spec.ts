import { expect, test, type Browser, type Page } from '@playwright/test';
import { createLockedItem, payOnLocalCheckout } from './payments-api';
import { signInPage, signUpViaApi, type Account } from './support/accounts';
import { PNG_8X8 } from './support/images';
import { linkFromMailbox } from './support/mailbox';
import { seriousViolations } from './support/axe';

/*
 * Creator profiles (issue 12): a creator edits every part of their profile in /creator/settings;
 * a fan sees the same on /creator/{username}, follows and subscribes through the local checkout.
 * What people type is shown as text, never run.
 */

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_8X8 });
/** An MP4 header and filler: the server checks the container signature, not the picture. */
const MP4 = {
  name: 'promo.mp4',
  mimeType: 'video/mp4',
  buffer: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.alloc(64, 1),
  ]),
};

const BIO_XSS = '<img src=x onerror="window.__xss = \'bio\'">Beats & <b>stories</b>';
const CARD_XSS = '<script>window.__xss = "card"</script>Dawn';

/** A second browser session, e.g. the fan next to the creator. */
async function pageOf(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInPage(page, account);
  return page;
}

/** The privacy-enhanced video frame stays inside the test: a local page answers for it. */
async function answerVideoFrames(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>video frame</p>' }),
  );
}

test('a creator edits the profile; a fan sees it, follows and subscribes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  // Publishing makes the account a creator (a paid item: one paid post).
  await createLockedItem(request, creator, '3.00');
  await signInPage(page, creator);
  await answerVideoFrames(page);

  // The header's settings icon leads to the editor.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Creator settings' }).click();
  await expect(page).toHaveURL(/\/creator\/settings$/);
  await expect(page.getByRole('heading', { name: 'Creator settings', level: 1 })).toBeVisible();

  await page.getByLabel('Display name').fill('Nova Maker');
  await page.getByLabel('Aura status').fill('Recording a new set');
  await page.getByLabel('Bio').fill(BIO_XSS);
  await page.getByLabel('Banner image').setInputFiles(png('banner.png'));
  await expect(page.getByTestId('image-preview-bannerImage')).toBeVisible();
  await page.getByLabel('Profile image', { exact: true }).setInputFiles(png('me.png'));
  await expect(page.getByTestId('image-preview-profileImage')).toBeVisible();

  // Links are checked while they are typed (SPEC §5 'invalidUrl').
  const twitter = page.getByLabel('Twitter');
  await twitter.fill('javascript:alert(1)');
  await expect(twitter).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Enter a full web address starting with http:// or https://.'),
  ).toBeVisible();
  await twitter.fill('https://twitter.com/nova');
  await expect(twitter).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Instagram').fill('https://instagram.com/nova');
  await page.getByLabel('Website').fill('https://nova.example/');

  // The promo preview shows only for a valid value.
  const promo = page.getByLabel('Video link or id');
  await promo.fill('not a video');
  await expect(page.getByTestId('promo-preview')).toHaveCount(0);
  await promo.fill('https://youtu.be/dQw4w9WgXcQ');
  await expect(page.getByTestId('promo-embed')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
  // A failed promo upload says so (SPEC §8) and keeps the value.
  await page.route('**/api/v1/media/upload-video', (route) =>
    route.fulfill({ status: 507, json: { error: 'No space left' } }),
  );
  await page.getByLabel('Upload a promo video').setInputFiles(MP4);
  await expect(page.getByRole('alert').filter({ hasText: 'Upload failed' })).toBeVisible();
  await expect(promo).toHaveValue('https://youtu.be/dQw4w9WgXcQ');
  await page.unroute('**/api/v1/media/upload-video');
  await page.getByLabel('Upload a promo video').setInputFiles(MP4);
  await expect(promo).toHaveValue(/^\/api\/v1\/media\/vid-[0-9a-f]{32}\.mp4$/);
  await expect(page.getByTestId('promo-file')).toBeVisible();

  // The gallery takes ten images; its add control goes away at ten and comes back on removal.
  const addImage = page.getByLabel('Add a gallery image');
  for (let n = 1; n <= 10; n += 1) {
    await addImage.setInputFiles(png(`gallery-${n}.png`));
    await expect(page.getByTestId('gallery-count')).toHaveText(`${n} of 10 images`);
  }
  await expect(addImage).toHaveCount(0);
  await expect(page.getByTestId('gallery-full')).toBeVisible();
  await page.getByRole('button', { name: 'Remove gallery image 3' }).click();
  await expect(page.getByTestId('gallery-count')).toHaveText('9 of 10 images');
  await addImage.setInputFiles(png('gallery-again.png'));
  await expect(page.getByTestId('gallery-count')).toHaveText('10 of 10 images');

  // Aura cards: a form per card.
  await page.getByLabel('What your CreatorWorld is about').fill('Loops from a small studio.');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const [first, second] = [0, 1].map((i) => page.getByTestId('aura-card-editor').nth(i));
  await first!.getByLabel('Title').fill(CARD_XSS);
  await first!.getByLabel('Description').fill('Where it started');
  await first!.getByLabel('Rarity').selectOption('exclusive');
  await first!.getByLabel('Image of card 1').setInputFiles(png('card.png'));
  await expect(first!.getByRole('img', { name: 'Image of card 1' })).toBeVisible();
  await second!.getByLabel('Title').fill('Dusk');
  await second!.getByLabel('Rarity').selectOption('premium');

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('settings-notice')).toContainText('Profile updated.');

  // Stored on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Nova Maker');
  await expect(page.getByLabel('Bio')).toHaveValue(BIO_XSS);
  await expect(page.getByTestId('gallery-editor-image')).toHaveCount(10);
  await expect(page.getByTestId('aura-card-editor')).toHaveCount(2);
  await expect(page.getByLabel('Twitter')).toHaveValue('https://twitter.com/nova');

  // The owner's own profile has the edit button.
  await page.goto('/creator');
  await expect(page.getByTestId('creator-name')).toHaveText('Nova Maker');
  await expect(page.getByTestId('edit-profile')).toBeVisible();

  // A fan sees the same, as text.
  const fan = await signUpViaApi(request, { prefix: 'fan' });
  const fanPage = await pageOf(browser, fan);
  await fanPage.goto(`/creator/${creator.username}`);
  await expect(fanPage.getByTestId('creator-name')).toHaveText('Nova Maker');
  await expect(fanPage.getByTestId('creator-status')).toHaveText('Recording a new set');
  await expect(fanPage.getByTestId('creator-bio')).toHaveText(BIO_XSS);
  await expect(fanPage.getByTestId('creator-banner').getByRole('img')).toBeVisible();
  await expect(
    fanPage.getByTestId('creator-links').getByRole('link', { name: 'Twitter' }),
  ).toHaveAttribute('href', 'https://twitter.com/nova');
  await expect(fanPage.getByTestId('promo-file')).toBeVisible();
  await expect(fanPage.getByTestId('gallery-image')).toHaveCount(10);
  const cards = fanPage.getByTestId('aura-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByTestId('aura-card-title')).toHaveText(CARD_XSS);
  await expect(cards.nth(0).getByTestId('aura-card-rarity')).toHaveText('Exclusive');
  await expect(cards.nth(1).getByTestId('aura-card-rarity')).toHaveText('Premium');
  await expect(fanPage.getByTestId('creator-world-description')).toHaveText(
    'Loops from a small studio.',
  );
  await expect(fanPage.getByTestId('paid-posts')).toHaveText('1');
  await expect(fanPage.getByTestId('free-posts')).toHaveText('0');
  await expect(fanPage.getByTestId('visitor-count')).toHaveText('1');
  await expect(fanPage.getByTestId('subscription-price')).toHaveText('$5.00/month');
  await expect(fanPage.getByTestId('edit-profile')).toHaveCount(0);
  // Nothing anyone typed ran.
  expect(await fanPage.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

  // Follow: the server's answer decides the state.
  await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(fanPage.getByRole('button', { name: 'Unfollow' })).toBeEnabled();
  await expect(fanPage.getByTestId('follower-count')).toHaveText('1');

  // Subscribe through the local checkout; back on the profile the badge shows.
  await expect(fanPage.getByTestId('subscribed-badge')).toHaveCount(0);
  await fanPage.getByTestId('subscribe-button').click();
  await expect(fanPage).toHaveURL(/\/checkout$/);
  await expect(fanPage.getByTestId('checkout-tier')).toHaveText('Hypr membership');
  const pay = fanPage.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();
  await pay.click();
  await payOnLocalCheckout(fanPage, '4242 4242 4242 4242');
  await expect(fanPage).toHaveURL(/\/success\?session_id=cs_local_/);
  await expect(fanPage.getByText(/You are now a Hypr member/)).toBeVisible();
  await fanPage.goto(`/creator/${creator.username}`);
  await expect(fanPage.getByTestId('subscribed-badge')).toHaveText('Subscribed · Hypr');
  await expect(fanPage.getByTestId('subscribe-button')).toHaveCount(0);
  // A visitor is counted once a day.
  await expect(fanPage.getByTestId('visitor-count')).toHaveText('1');

  // The tier-based profile by id shows the stored social links too.
  await fanPage.goto(`/hypr/${creator.id}`);
  await expect(fanPage.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/nova',
  );
  await expect(fanPage.getByRole('link', { name: 'Twitter' })).toHaveAttribute(
    'href',
    'https://twitter.com/nova',
  );
  await fanPage.context().close();
});

test('a refused save keeps what was typed and names the problem', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'keeper' });
  await signInPage(page, creator);
  await page.route('**/api/v1/auth/profile', async (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { error: 'notYourUpload', field: 'bannerImage' } })
      : route.continue(),
  );
  await page.goto('/creator/settings');
  await page.getByLabel('Bio').fill('Still here after a refusal');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('settings-notice')).toHaveText(
    'Could not save: Use a file you uploaded yourself.',
  );
  await expect(page.getByLabel('Bio')).toHaveValue('Still here after a refusal');
});

test('a failed follow on a creator profile shows the error once and keeps the state', async ({
  page,
  request,
}) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'tryfollow' }));
  await page.route('**/api/creator/*/follow', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  );
  await page.goto('/creator/demo_creator');
  const before = await page.getByTestId('follower-count').textContent();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByTestId('follow-error')).toHaveCount(1);
  await expect(page.getByTestId('follow-error')).toHaveText(
    'Could not update the follow. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeEnabled();
  await expect(page.getByTestId('follower-count')).toHaveText(before ?? '');
});

test('an unknown creator and a failed load say so', async ({ page, request }) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'looker' }));
  await page.goto('/creator/nobody_by_this_name');
  await expect(page.getByTestId('profile-not-found')).toHaveText(
    'Error loading profile or profile not found.',
  );
  await page.route('**/api/v1/creators/*', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  );
  await page.goto('/creator/demo_creator');
  await expect(page.getByTestId('profile-load-failed')).toContainText('Failed to load profile.');
});

test('the account settings fill the profile, change the password and email, and delete the account', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await signUpViaApi(request, { prefix: 'settler' });
  await signInPage(page, me);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Account settings' })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('profile-completion')).toHaveAttribute('aria-valuenow', '0');

  const details = page.getByTestId('account-details-form');
  await details.getByLabel('Given name').fill('Ada');
  await details.getByLabel('Family name').fill('Lovelace');
  await details.getByLabel('Display name').fill('Countess');
  await details.getByLabel('Birth date').fill('1990-12-10');
  await details.getByLabel('Phone number').fill('+44 20 7946 0000');
  await details.getByLabel('Location').fill('London');
  await details.getByLabel('Gender').fill('female');
  await details.getByLabel('Bio').fill('Analyst');
  await details.getByLabel('Website').fill('ada.example');
  await details.getByLabel('Profile picture').setInputFiles(png('ada.png'));
  await expect(details.getByTestId('image-preview-avatar')).toBeVisible();
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(
    details.getByText('Enter a full web address starting with http:// or https://.'),
  ).toBeVisible();
  await details.getByLabel('Website').fill('https://ada.example');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByTestId('account-details-notice')).toHaveText(
    'Your details were saved.',
  );
  await expect(page.getByTestId('profile-completion')).toHaveAttribute('aria-valuenow', '100');

  // Password: the wrong current one is refused; the change keeps this browser signed in.
  const passwordForm = page.getByTestId('account-password-form');
  const newPassword = 'Brand-New-Pass-2031!';
  await passwordForm.getByLabel('Current password').fill('not-my-password');
  await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordForm.getByLabel('Confirm the new password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByTestId('account-password-notice')).toHaveText(
    'Could not save: The password is not correct.',
  );
  await passwordForm.getByLabel('Current password').fill(me.password);
  await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordForm.getByLabel('Confirm the new password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByTestId('account-password-notice')).toContainText(
    'Your password was changed.',
  );
  // The session the test started with has ended; this browser holds a fresh one.
  const oldSession = await request.get('/api/v1/users/profile', {
    headers: { authorization: `Bearer ${me.token}` },
  });
  expect(oldSession.status()).toBe(401);

  // Email: a taken address is refused, a free one taken.
  const emailForm = page.getByTestId('account-email-form');
  const newEmail = `moved-${me.username.toLowerCase()}@example.test`;
  await emailForm.getByLabel('New email address').fill(newEmail);
  await emailForm.getByLabel('Current password').fill(newPassword);
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  // Issue 16: the new address confirms first, through the link mailed to it.
  await expect(emailForm.getByTestId('account-email-notice')).toHaveText(
    `We sent a confirmation link to ${newEmail}. Your address changes when you open it.`,
  );
  await expect(page.getByTestId('account-current-email')).toHaveText(
    `Current address: ${me.email}`,
  );
  await page.goto(await linkFromMailbox(newEmail, '/verify-email'));
  await expect(page.getByTestId('verify-done')).toContainText(newEmail);
  await page.goto('/account');
  await expect(page.getByTestId('account-current-email')).toHaveText(
    `Current address: ${newEmail}`,
  );

  // Delete: signed out, and the account cannot sign in again.
  const deleteForm = page.getByTestId('account-delete-form');
  await deleteForm.getByLabel('Current password').fill(newPassword);
  await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deleteForm.getByText('Please confirm that you understand.')).toBeVisible();
  await deleteForm.getByLabel('I understand that this cannot be undone').check();
  await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/(auth)?$/);
  const login = await request.post('/v1/auth/login', {
    data: { email: newEmail, password: newPassword },
  });
  expect(login.status()).toBe(401);
});

test('the creator profile, its editor and the account settings pass axe', async ({
  page,
  request,
}) => {
  await signInPage(page, await signUpViaApi(request, { prefix: 'axe' }));
  await answerVideoFrames(page);
  for (const [path, heading] of [
    ['/creator/demo_creator', 'Demo Creator'],
    ['/creator/settings', 'Creator settings'],
    ['/account', 'Account settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
