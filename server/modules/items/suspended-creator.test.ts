import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, grantMembership, type TestUser } from '../../test/factories';
import { topUp } from '../billing/test-helpers';
import { createMediaTestApp, type MediaTestApp } from '../media/test-helpers';
import { fetchMedia, publishItem } from './test-helpers';

// A creator's suspension (docs/payments.md): those who paid keep what they paid for, with a
// notice; nobody can buy it; everyone else finds nothing.
let t: MediaTestApp;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  t = await createMediaTestApp();
  admin = await createUser(t, { role: 'admin' });
  moderator = await createUser(t, { role: 'moderator' });
});
afterAll(() => t.close());

const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const itemPage = (who: TestUser | null, id: number) => call(who, 'GET', `/api/v1/items/${id}`);
const unlock = (who: TestUser, itemId: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/unlock',
    headers: { ...who.auth, 'idempotency-key': key },
    payload: { itemId },
  });
const cardCheckout = (who: TestUser, itemId: number, price: string) =>
  call(who, 'POST', '/v1/billing/create-checkout-session', {
    tier: 'Night loop',
    price,
    productId: itemId,
  });

/** A creator with a paid item (bought with balance by `buyer`) and a Hypr item (`member`). */
async function suspendedCreatorWithHolders() {
  const star = await createUser(t, { role: 'creator' });
  const buyer = await createUser(t);
  const member = await createUser(t);
  const stranger = await createUser(t);
  const paid = await publishItem(t, star, { price: '4.99' });
  const forMembers = await publishItem(t, star, { price: '0', tierRequired: 'Hypr' });
  await topUp(t, buyer, '10');
  const bought = await unlock(buyer, paid.id, 'buy-before-suspension');
  expect(bought.statusCode, bought.body).toBe(200);
  await grantMembership(t, member, star, 'Hypr', new Date(Date.now() + 30 * 86_400_000));

  const suspended = await call(admin, 'POST', `/api/v1/admin/users/${star.user.id}/suspend`, {
    reason: 'Selling stolen loops',
  });
  expect(suspended.statusCode, suspended.body).toBe(200);
  return { star, buyer, member, stranger, paid: paid.id, forMembers: forMembers.id };
}

describe('items of a suspended creator', () => {
  it('stay open to their buyer and a running member, with a notice and working media', async () => {
    const { buyer, member, paid, forMembers } = await suspendedCreatorWithHolders();
    for (const [who, id] of [
      [buyer, paid],
      [member, forMembers],
    ] as const) {
      const res = await itemPage(who, id);
      expect(res.statusCode, res.body).toBe(200);
      const item = res.json();
      expect(item).toMatchObject({ id, isPurchased: true, creatorSuspended: true });
      expect(item.abilities.canBuy).toBe(false);
      for (const url of [item.imageUrl, item.previewUrl, item.videoUrl, item.audioUrl]) {
        expect(url, JSON.stringify(item)).toContain('sig=');
        expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
        // Also asked with their token and no signature.
        expect((await fetchMedia(t, url.split('?')[0]!, who.auth)).statusCode, url).toBe(200);
      }
    }
  });

  it('stay in the buyer wallet history', async () => {
    const { buyer, paid } = await suspendedCreatorWithHolders();
    const res = await call(buyer, 'GET', '/api/v1/wallet');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entries).toContainEqual(
      expect.objectContaining({ kind: 'spend', itemId: paid, itemTitle: 'Night loop' }),
    );
  });

  it('are not found by anyone else, signed in or not; staff still see them', async () => {
    const { buyer, stranger, member, paid, forMembers } = await suspendedCreatorWithHolders();
    for (const [who, id] of [
      [stranger, paid],
      [null, paid],
      [stranger, forMembers],
      [buyer, forMembers],
      [member, paid],
    ] as const) {
      const res = await itemPage(who, id);
      expect(res.statusCode, `${who?.user.username ?? 'anonymous'} ${id}`).toBe(404);
      expect(res.json().code).toBe('item_not_found');
    }
    const staff = await itemPage(moderator, paid);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().creatorSuspended).toBe(true);
  });

  it('cannot be bought: those who hold them are told why, others that they do not exist', async () => {
    const { buyer, member, stranger, paid, forMembers } = await suspendedCreatorWithHolders();
    const ownerAsks = await cardCheckout(buyer, paid, '4.99');
    expect(ownerAsks.statusCode, ownerAsks.body).toBe(409);
    expect(ownerAsks.json()).toMatchObject({ code: 'creator_suspended' });
    const memberAsks = await cardCheckout(member, forMembers, '0');
    expect(memberAsks.statusCode, memberAsks.body).toBe(409);
    expect(memberAsks.json()).toMatchObject({ code: 'creator_suspended' });

    const strangerAsks = await cardCheckout(stranger, paid, '4.99');
    expect(strangerAsks.statusCode).toBe(404);
    expect(strangerAsks.json().code).toBe('not_listed');
    await topUp(t, stranger, '10');
    const withBalance = await unlock(stranger, paid, 'after-suspension');
    expect(withBalance.statusCode).toBe(404);
    expect(withBalance.json().code).toBe('not_listed');
    const again = await unlock(buyer, paid, 'buy-again');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('creator_suspended');
  });

  it('answers creatorSuspended false while the creator is active', async () => {
    const star = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, star, { price: '4.99' });
    const res = await itemPage(null, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().creatorSuspended).toBe(false);
  });
});
