import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ItemDetail,
  OwnItem,
  OwnItemList,
  UpdateItemResponse,
} from '../../../common/schemas/items';
import { SpotlightResponse } from '../../../common/schemas/feed';
import { PublicProfileResponse } from '../../../common/schemas/users';
import { auditEvents, items, ledgerEntries } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { startCheckout, topUp } from '../billing/test-helpers';
import { feedPagesUntil } from '../feed/test-helpers';
import { createMediaTestApp, uploadOk } from '../media/test-helpers';
import { fetchMedia, itemForm, publishItem } from './test-helpers';

let t: TestApp;
const clock = { at: new Date('2031-05-10T12:00:00Z'), now: () => clock.at };

beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

const manage = (
  method: 'PATCH' | 'POST' | 'DELETE',
  path: string,
  user: TestUser | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1/aura/${path}`,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const getItem = (id: number, user?: TestUser) =>
  t.app.inject({ url: `/api/v1/items/${id}`, headers: user?.auth ?? {} });

const storedItem = async (id: number) => {
  const [row] = await t.db.select().from(items).where(eq(items.id, id));
  if (!row) throw new Error(`item ${id} is gone`);
  return row;
};

const auditOf = (itemId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'item'), eq(auditEvents.subjectId, String(itemId))))
    .orderBy(asc(auditEvents.id));

const unlockWithBalance = (fan: TestUser, itemId: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/unlock',
    headers: { ...fan.auth, 'idempotency-key': key },
    payload: { itemId },
  });

/** A creator's item with the form the web would send again to edit it. */
async function ownedItem(overrides: Record<string, unknown> = {}) {
  const creator = await createUser(t, { role: 'creator' });
  const created = await publishItem(t, creator, overrides, {});
  const form = itemForm(created.item.imageUrl ?? '', overrides);
  return { creator, id: created.id, form };
}

describe('who may manage an item', () => {
  it('refuses every call signed out (401), to other creators, fans and admins (403), and hides unlisted items of others (404)', async () => {
    const { creator, id, form } = await ownedItem();
    const otherCreator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const calls = [
      ['PATCH', `${id}`, { ...form, title: 'Taken over' }],
      ['POST', `${id}/unpublish`, undefined],
      ['POST', `${id}/publish`, undefined],
      ['DELETE', `${id}`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await manage(method, path, null, body)).statusCode, `${method} ${path}`).toBe(401);
      for (const intruder of [otherCreator, fan, admin]) {
        const res = await manage(method, path, intruder, body);
        expect(res.statusCode, `${method} ${path} as ${intruder.user.role}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'You may not do this', code: 'forbidden' });
      }
    }
    // Once unlisted, the item does not exist for other creators and fans at all.
    expect((await manage('POST', `${id}/unpublish`, creator)).statusCode).toBe(200);
    for (const [method, path, body] of calls) {
      for (const intruder of [otherCreator, fan]) {
        const res = await manage(method, path, intruder, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().code).toBe('item_not_found');
      }
    }
    const row = await storedItem(id);
    expect(row.title).toBe('Night loop');
    expect(row.status).toBe('unavailable');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const creator = await createUser(t, { role: 'creator' });
    for (const path of ['999999999', 'abc', '0', '-1', '1e3']) {
      expect((await manage('DELETE', path, creator)).statusCode, path).toBe(404);
      expect((await manage('POST', `${path}/publish`, creator)).statusCode, path).toBe(404);
    }
  });
});

describe('PATCH /api/v1/aura/{id}', () => {
  it('validates like create and changes nothing on a refusal', async () => {
    const { creator, id, form } = await ownedItem();
    const stranger = await createUser(t, { role: 'creator' });
    const theirs = await uploadOk(t, stranger, 'image');
    const myAudio = await uploadOk(t, creator, 'audio');
    for (const [change, message] of [
      [{ title: '  ' }, /^upload\.requiredFields$/],
      [{ image: '' }, /^upload\.requiredFields$/],
      [{ price: '' }, /^upload\.requiredFields$/],
      [{ subcategory: 'Yoga' }, /subcategory/],
      [{ price: '12.345' }, /price/i],
      [{ status: 'deleted' }, /status/],
      [{ tierRequired: 'Gold' }, /tierRequired/],
      [{ image: theirs.url }, /^image: use a file you uploaded yourself$/],
      [{ image: myAudio.url }, /^image: this upload is not a image$/],
      [{ image: 'https://evil.example/x.png' }, /^image: not a file uploaded here$/],
    ] as const) {
      const res = await manage('PATCH', `${id}`, creator, { ...form, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toMatch(message);
      expect(typeof res.json().code).toBe('string');
    }
    const row = await storedItem(id);
    expect(row).toMatchObject({ title: 'Night loop', priceCents: 999, status: 'available' });
    // Created on sale: published at once (issue 42), nothing since.
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['item.created', 'item.published']);
  });

  it('saves the whole form, answers the item as the owner sees it and records what changed', async () => {
    const { creator, id, form } = await ownedItem();
    const video = await uploadOk(t, creator, 'video');
    const res = await manage('PATCH', `${id}`, creator, {
      ...form,
      title: 'Night loop (remastered)',
      price: '4,50',
      tags: ['lofi', ' night ', 'lofi'],
      video: video.url,
      status: 'unavailable',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = UpdateItemResponse.parse(res.json());
    expect(answer.item).toMatchObject({
      id,
      title: 'Night loop (remastered)',
      priceCents: 450,
      tags: ['lofi', 'night'],
      status: 'unavailable',
      isOwner: true,
      abilities: { canEdit: true, canBuy: false },
    });
    expect(answer.item.videoUrl).toMatch(/^\/api\/v1\/media\/vid-/);
    const events = await auditOf(id);
    expect(events.map((e) => e.action)).toEqual([
      'item.created',
      'item.published',
      'item.updated',
      'item.unpublished',
    ]);
    expect(events[2]?.data).toEqual({
      fields: ['title', 'price', 'video', 'status', 'tags'],
      priceCents: { from: 999, to: 450 },
    });
    expect(events[1]?.actorId).toBe(creator.user.id);
  });

  it('records nothing when the form is sent back unchanged', async () => {
    const { creator, id, form } = await ownedItem();
    const res = await manage('PATCH', `${id}`, creator, form);
    expect(res.statusCode, res.body).toBe(200);
    // Created on sale: published at once (issue 42), nothing since.
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['item.created', 'item.published']);
  });

  it('applies a new price to future sales only: the ledger keeps what earlier buyers paid', async () => {
    const { creator, id, form } = await ownedItem({ price: '9.99' });
    const early = await createUser(t);
    const late = await createUser(t);
    await topUp(t, early, '20.00');
    await topUp(t, late, '20.00');
    expect((await unlockWithBalance(early, id, 'early-1')).statusCode).toBe(200);

    expect((await manage('PATCH', `${id}`, creator, { ...form, price: '4.00' })).statusCode).toBe(
      200,
    );
    // The old price is refused at checkout now, the new one is taken.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: late.auth,
      payload: { tier: 'Night loop', price: '9.99', productId: id },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'priceMismatch' });
    const unlocked = await unlockWithBalance(late, id, 'late-1');
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().chargedCents).toBe(400);

    const sales = await t.db
      .select({
        userId: ledgerEntries.userId,
        gross: ledgerEntries.grossCents,
        kind: ledgerEntries.kind,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.itemId, id), eq(ledgerEntries.account, 'earnings')))
      .orderBy(asc(ledgerEntries.id));
    expect(sales.map((s) => s.gross)).toEqual([999, 400]);
    expect(sales.every((s) => s.userId === creator.user.id && s.kind === 'sale')).toBe(true);
    const spends = await t.db
      .select({ userId: ledgerEntries.userId, amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.itemId, id), eq(ledgerEntries.account, 'wallet')))
      .orderBy(asc(ledgerEntries.id));
    expect(spends).toEqual([
      { userId: early.user.id, amount: -999 },
      { userId: late.user.id, amount: -400 },
    ]);
  });
});

describe('publish and unpublish', () => {
  it('takes the item off the feed and puts it back, recording each change once', async () => {
    const { creator, id } = await ownedItem();
    const fan = await createUser(t);
    const off = await manage('POST', `${id}/unpublish`, creator);
    expect(off.statusCode, off.body).toBe(200);
    expect(OwnItem.parse(off.json())).toMatchObject({
      status: 'unavailable',
      abilities: { canPublish: true, canUnpublish: false, canEdit: true, canDelete: true },
    });
    expect((await manage('POST', `${id}/unpublish`, creator)).statusCode).toBe(200);
    expect((await feedPagesUntil(t, fan, [id])).posts.has(id)).toBe(false);
    expect((await getItem(id, fan)).statusCode).toBe(404);

    const on = await manage('POST', `${id}/publish`, creator);
    expect(on.json().status).toBe('available');
    expect((await feedPagesUntil(t, fan, [id])).posts.has(id)).toBe(true);
    expect((await auditOf(id)).map((e) => e.action)).toEqual([
      'item.created',
      'item.published',
      'item.unpublished',
      'item.published',
    ]);
  });
});

describe('DELETE /api/v1/aura/{id}', () => {
  it('removes the item from the feed, the profile, the spotlight and checkout, but keeps it unlocked for its buyer', async () => {
    const { creator, id } = await ownedItem({ price: '5.00' });
    const buyer = await createUser(t);
    const fan = await createUser(t);
    await topUp(t, buyer, '10.00');
    await topUp(t, fan, '10.00');
    expect((await unlockWithBalance(buyer, id, 'buy-1')).statusCode).toBe(200);
    // A checkout opened before the delete, paid after it, must not sell the item.
    const pending = await startCheckout(t, fan, {
      tier: 'Night loop',
      price: '5.00',
      productId: id,
    });

    const res = await manage('DELETE', `${id}`, creator);
    expect(res.statusCode, res.body).toBe(200);
    expect(OwnItem.parse(res.json())).toMatchObject({
      status: 'deleted',
      buyers: 1,
      sales: 1,
      abilities: { canEdit: false, canPublish: false, canUnpublish: false, canDelete: false },
    });
    const deleted = (await auditOf(id)).find((e) => e.action === 'item.deleted');
    expect(deleted?.data).toEqual({ keptForBuyers: true });
    expect((await storedItem(id)).status).toBe('deleted');

    // Gone from every listing.
    expect((await feedPagesUntil(t, buyer, [id])).posts.has(id)).toBe(false);
    const profile = PublicProfileResponse.parse(
      (await t.app.inject({ url: `/api/v1/users/${creator.user.id}`, headers: fan.auth })).json(),
    );
    expect(profile.content.map((c) => c.id)).not.toContain(id);
    const spotlight = SpotlightResponse.parse(
      (await t.app.inject({ url: '/api/v1/creators/spotlight', headers: fan.auth })).json(),
    );
    expect(spotlight.creators.map((c) => c.id)).not.toContain(creator.user.id);

    // Nobody can buy it any more, by card or by balance.
    const card = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      headers: fan.auth,
      payload: { tier: 'Night loop', price: '5.00', productId: id },
    });
    expect(card.statusCode).toBe(404);
    expect(card.json().code).toBe('not_listed');
    const balance = await unlockWithBalance(fan, id, 'fan-1');
    expect(balance.statusCode).toBe(404);
    expect(balance.json().code).toBe('not_listed');
    const paidLate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/local-checkout/${pending.id}/pay`,
      payload: {
        email: 'fan@example.test',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      },
    });
    expect(paidLate.statusCode, paidLate.body).toBe(200);
    const fanView = await getItem(id, fan);
    expect(fanView.statusCode).toBe(404);
    const fanWallet = (await t.app.inject({ url: '/api/v1/wallet', headers: fan.auth })).json();
    expect(fanWallet.balanceCents).toBe(1500);

    // The buyer still opens it, unlocked, and its media still load.
    const mine = await getItem(id, buyer);
    expect(mine.statusCode, mine.body).toBe(200);
    const detail = ItemDetail.parse(mine.json());
    expect(detail).toMatchObject({ status: 'deleted', isPurchased: true });
    expect(detail.abilities).toEqual({ canEdit: false, canBuy: false });
    expect(detail.imageUrl).toMatch(/\?exp=\d+&sig=/);
    expect((await fetchMedia(t, detail.imageUrl ?? '')).statusCode).toBe(200);

    // Deleted stays deleted: no edit, no publish; deleting again changes nothing.
    const form = itemForm(detail.imageUrl ?? '');
    expect((await manage('PATCH', `${id}`, creator, form)).json().code).toBe('item_deleted');
    expect((await manage('POST', `${id}/publish`, creator)).statusCode).toBe(409);
    expect((await manage('DELETE', `${id}`, creator)).statusCode).toBe(200);
    expect((await auditOf(id)).filter((e) => e.action === 'item.deleted')).toHaveLength(1);
  });

  it('says when nobody bought the item, and a deleted free item is nobody else’s', async () => {
    const { creator, id } = await ownedItem({ price: '0' });
    const fan = await createUser(t);
    expect((await getItem(id, fan)).json().isPurchased).toBe(true);
    const res = await manage('DELETE', `${id}`, creator);
    expect(res.json()).toMatchObject({ status: 'deleted', buyers: 0 });
    expect((await auditOf(id)).find((e) => e.action === 'item.deleted')?.data).toEqual({
      keptForBuyers: false,
    });
    expect((await getItem(id, fan)).statusCode).toBe(404);
    expect((await getItem(id, creator)).json().status).toBe('deleted');
  });
});

describe('GET /api/v1/aura/mine', () => {
  it('lists every own item in every state with its numbers, newest first, and only the caller’s', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const other = await createUser(t, { role: 'creator' });
    const first = await publishItem(t, creator, { title: 'First' }, {});
    clock.at = new Date(clock.at.getTime() + 1000);
    const second = await publishItem(t, creator, { title: 'Second' }, {});
    clock.at = new Date(clock.at.getTime() + 1000);
    const third = await publishItem(t, creator, { title: 'Third' }, {});
    await publishItem(t, other, { title: 'Not mine' }, {});
    await manage('POST', `${second.id}/unpublish`, creator);
    await manage('DELETE', `${third.id}`, creator);

    const res = await t.app.inject({ url: '/api/v1/aura/mine', headers: creator.auth });
    expect(res.statusCode, res.body).toBe(200);
    const list = OwnItemList.parse(res.json());
    expect(list.items.map((i) => [i.title, i.status])).toEqual([
      ['Third', 'deleted'],
      ['Second', 'unavailable'],
      ['First', 'available'],
    ]);
    expect(list.items[2]).toMatchObject({ id: first.id, views: 0, likes: 0, sales: 0, buyers: 0 });
    expect((await t.app.inject({ url: '/api/v1/aura/mine' })).statusCode).toBe(401);
  });
});
