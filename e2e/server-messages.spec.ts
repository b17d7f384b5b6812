import { expect, test } from '@playwright/test';
import { signInPage, signUpViaApi } from './support/accounts';
import { seedStorage } from './support/seeded-session';

/*
 * Issue 10: the server answers a stable code with every error, and the web shows it in the
 * reader's language (the server's own text is English).
 */

test('a wrong password is refused in Spanish and in German', async ({ page, request }) => {
  const fan = await signUpViaApi(request, { prefix: 'fan' });
  for (const [language, field, password, submit, text] of [
    [
      'es',
      'Usuario o correo electrónico',
      'Contraseña',
      'Iniciar sesión',
      'Usuario o contraseña incorrectos',
    ],
    [
      'de',
      'Benutzername oder E-Mail',
      'Passwort',
      'Anmelden',
      'Benutzername oder Passwort ist falsch',
    ],
  ] as const) {
    await seedStorage(page, { language });
    await page.goto('/auth?tab=login');
    const form = page.getByRole('tabpanel', { name: submit });
    await form.getByLabel(field).fill(fan.username);
    await form.getByLabel(password, { exact: true }).fill('Wrong-Password-1!');
    await form.getByRole('button', { name: submit }).click();
    await expect(page.getByTestId('login-error')).toHaveText(text);
  }
});

test('a follower count is a plural in each language', async ({ page, request }) => {
  const creator = await signUpViaApi(request, { prefix: 'maker' });
  const fan = await signUpViaApi(request, { prefix: 'fan' });
  const published = await request.post('/api/v1/media/upload-image', {
    headers: { authorization: `Bearer ${creator.token}` },
    multipart: {
      file: {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOosDmBFTEMLQkACvNfAfLoGpsAAAAASUVORK5CYII=',
          'base64',
        ),
      },
    },
  });
  expect(published.ok()).toBe(true);
  const image = ((await published.json()) as { url: string }).url;
  const created = await request.post('/api/v1/aura/create', {
    headers: { authorization: `Bearer ${creator.token}` },
    data: {
      title: 'Plural test',
      description: 'For the follower count',
      price: '0',
      image,
      category: 'Music',
      subcategory: 'Loops',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const follow = await request.post(`/api/creator/${creator.username}/follow`, {
    headers: { authorization: `Bearer ${fan.token}` },
  });
  expect(follow.ok(), await follow.text()).toBe(true);

  await signInPage(page, fan);
  await page.goto(`/hypr/${creator.id}`);
  await expect(page.getByTestId('follower-count').locator('..')).toHaveText('1 follower');
  await expect(page.getByTestId('creator-badge')).toHaveText('Creator');
});
