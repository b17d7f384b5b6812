import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Set-up for the content browser tests: accounts are made through the public sign-up call, as a
 * person would, never by writing to the database.
 */

const PASSWORD = 'Str0ng!Pass';
let counter = 0;

export interface SignedUp {
  id: string;
  username: string;
  token: string;
}

/** Signs a fresh account up; the sign-up answer signs it in (token and user). */
export async function signUp(request: APIRequestContext, prefix: string): Promise<SignedUp> {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 20);
  const res = await request.post('/v1/auth/signup', {
    data: {
      username,
      email: `${username.toLowerCase()}@example.test`,
      password: PASSWORD,
      newsletter: false,
      termsAndConditions: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, username, token: body.token };
}

/**
 * Starts the page signed in. Only an empty storage gets the token: the app replaces it when the
 * role changes (publishing the first item makes a creator), and later loads must keep that one.
 */
export async function startSignedIn(page: Page, account: SignedUp): Promise<void> {
  await page.addInitScript((token) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', token);
      localStorage.setItem('authToken', token);
    }
    localStorage.setItem('language', 'en');
  }, account.token);
}

/** An 8x8 PNG: real image bytes, which is what the server checks (not the file name). */
export const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOosDmBFTEMLQkACvNfAfLoGpsAAAAASUVORK5CYII=',
  'base64',
);
