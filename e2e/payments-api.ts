import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CreateItemResponse } from '../common/schemas/items';
import { uniqueUsername, type Account } from './support/accounts';
import { PNG_8X8 } from './support/images';

/*
 * Set-up for the payments browser tests: items are made through the public API (as Documenso's
 * app-tests do), never by reaching into the database.
 */

const auth = (user: Account) => ({ authorization: `Bearer ${user.token}` });

export interface ApiItem {
  id: number;
  title: string;
}

/**
 * Publishes a paid item as `creator` (publishing makes a user a creator, issue 4); `terms` adds
 * the item's membership terms (`tierRequired`, `earlyAccessUntil`).
 */
export async function createLockedItem(
  request: APIRequestContext,
  creator: Account,
  price: string,
  terms: { tierRequired?: 'Hypr' | 'HyprSoul'; earlyAccessUntil?: string } = {},
): Promise<ApiItem> {
  const upload = await request.post('/api/v1/media/upload-image', {
    headers: auth(creator),
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: PNG_8X8 } },
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
      ...terms,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = CreateItemResponse.parse(await created.json());
  return { id: body.id, title };
}

export interface WalletState {
  balanceCents: number;
  entries: { kind: string; amountCents: number; itemId: number | null }[];
}

export async function walletOf(request: APIRequestContext, user: Account): Promise<WalletState> {
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

/** A Hypr membership of `creator`, paid through the local provider's API. */
export async function subscribeViaApi(request: APIRequestContext, fan: Account, creator: Account) {
  const started = await request.post('/v1/billing/create-checkout-session', {
    headers: auth(fan),
    data: { tier: 'Hypr', price: 5, creatorId: creator.id },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: string };
  const paid = await request.post(`/api/v1/billing/local-checkout/${id}/pay`, {
    data: {
      email: 'fan@example.test',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}
