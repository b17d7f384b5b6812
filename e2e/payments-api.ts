import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CreateItemResponse } from '../common/schemas/items';
import { signUpViaApi, startSignedIn, uniqueUsername, type Account } from './support/accounts';
import { seedStorage } from './support/seeded-session';

/*
 * Set-up for the payments browser tests: people and items are made through the public API (as
 * Documenso's app-tests do), never by reaching into the database.
 */

/** A payments test's person: a fresh account signed up through the accounts API. */
export type ApiUser = Account;

/** Signs a fresh account up (and so in) through POST /v1/auth/signup. */
export async function signUp(request: APIRequestContext, prefix: string): Promise<ApiUser> {
  return signUpViaApi(request, { prefix });
}

/** Every page load of the test starts signed in as `user`, in English. */
export async function signInPage(page: Page, user: ApiUser): Promise<void> {
  await startSignedIn(page, user);
  await seedStorage(page, { language: 'en' });
}

const auth = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

// An 8x8 PNG made with sharp: a real image the upload accepts.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOosDmBFTEMLQkACvNfAfLoGpsAAAAASUVORK5CYII=',
  'base64',
);

export interface ApiItem {
  id: number;
  title: string;
}

/** Publishes a paid item as `creator` (publishing makes a user a creator, issue 4). */
export async function createLockedItem(
  request: APIRequestContext,
  creator: ApiUser,
  price: string,
): Promise<ApiItem> {
  const upload = await request.post('/api/v1/media/upload-image', {
    headers: auth(creator),
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { url } = (await upload.json()) as { url: string };
  const title = `Locked ${uniqueUsername('loop')}`;
  const created = await request.post('/api/v1/aura/create', {
    headers: auth(creator),
    data: {
      title,
      description: 'A paid loop for the payments tests',
      price,
      image: url,
      status: 'available',
      tags: ['e2e'],
      category: 'Music',
      subcategory: 'Loops',
      explicitContent: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = CreateItemResponse.parse(await created.json());
  // Publishing the first item made the account a creator: its old token names the old role.
  if (body.token) creator.token = body.token;
  return { id: body.id, title };
}

export interface WalletState {
  balanceCents: number;
  entries: { kind: string; amountCents: number; itemId: number | null }[];
}

export async function walletOf(request: APIRequestContext, user: ApiUser): Promise<WalletState> {
  const res = await request.get('/api/v1/wallet', { headers: auth(user) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as WalletState;
}

/** Fills the local provider's hosted checkout page and submits it. */
export async function payOnLocalCheckout(page: Page, cardNumber: string): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}
