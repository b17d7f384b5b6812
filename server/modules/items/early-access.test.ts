import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_ACCESS_MAX_MS } from '../../../common/rules/early-access';
import { ItemDetail } from '../../../common/schemas/items';
import { PublicProfileResponse } from '../../../common/schemas/users';
import { items } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createUser, grantMembership, type TestUser } from '../../test/factories';
import { manualClock, topUp } from '../billing/test-helpers';
import { feedPagesUntil } from '../feed/test-helpers';
import { createMediaTestApp, uploadOk } from '../media/test-helpers';
import { createItemRequest, fetchMedia, itemForm, publishItem } from './test-helpers';

const clock = manualClock('2031-07-01T12:00:00.000Z');
const HOUR = 3600_000;
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();
let t: TestApp;

beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

/** Sign-in tokens expire as the clock moves on: a fresh one for the moved clock. */
async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

const getItem = (id: number, viewer: TestUser | null) =>
  t.app.inject({ url: `/api/v1/items/${id}`, headers: viewer?.auth ?? {} });

const itemAs = async (id: number, viewer: TestUser | null) => {
  const res = await getItem(id, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return ItemDetail.parse(res.json());
};

const profileTile = async (creator: TestUser, id: number, viewer: TestUser | null) => {
  const res = await t.app.inject({
    url: `/api/v1/users/${creator.user.id}`,
    headers: viewer?.auth ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return PublicProfileResponse.parse(res.json()).content.find((c) => c.id === id);
};

const unlock = (fan: TestUser, itemId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/unlock',
    headers: { ...fan.auth, 'idempotency-key': `early-${itemId}-${clock.now().getTime()}` },
    payload: { itemId },
  });

const storedItem = async (id: number) => {
  const [row] = await t.db.select().from(items).where(eq(items.id, id));
  if (!row) throw new Error(`item ${id} is gone`);
  return row;
};

describe('an early-access item', () => {
  it('opens to members of its tier first and to everyone at its time: item page, feed, profile, media', async () => {
    clock.set('2031-07-01T12:00:00.000Z');
    let creator = await createUser(t, { role: 'creator' });
    const until = inHours(48);
    const created = await publishItem(
      t,
      creator,
      { price: '0', tierRequired: 'Hypr', earlyAccessUntil: until },
      { audio: true },
    );
    const id = created.id;
    expect(created.item.earlyAccessUntil).toBe(until);
    let member = await createUser(t);
    await grantMembership(
      t,
      member,
      creator,
      'Hypr',
      new Date(clock.now().getTime() + 90 * 24 * HOUR),
    );
    let follower = await createUser(t);
    const { audioKey } = await storedItem(id);

    // Before its time: the member opens it, the follower and a visitor see it locked, with the date.
    const forMember = await itemAs(id, member);
    expect(forMember).toMatchObject({ isPurchased: true, earlyAccessUntil: until });
    expect(forMember.audioUrl).toMatch(/\?exp=\d+&sig=/);
    for (const viewer of [follower, null]) {
      const locked = await itemAs(id, viewer);
      expect(locked).toMatchObject({ isPurchased: false, earlyAccessUntil: until, audioUrl: null });
      expect(locked.abilities.canBuy).toBe(false);
    }
    for (const viewer of [member, follower]) {
      const post = (await feedPagesUntil(t, viewer, [id])).posts.get(id);
      expect(post).toMatchObject({
        isPurchased: viewer === member,
        earlyAccessUntil: until,
      });
      expect(await profileTile(creator, id, viewer)).toMatchObject({
        isUnlocked: viewer === member,
        isPaid: true,
        earlyAccessUntil: until,
      });
    }
    expect(await profileTile(creator, id, null)).toMatchObject({ isUnlocked: false });
    expect((await fetchMedia(t, `/api/v1/media/${audioKey}`, member.auth)).statusCode).toBe(200);
    expect((await fetchMedia(t, `/api/v1/media/${audioKey}`, follower.auth)).statusCode).toBe(403);

    // A minute before, still members only.
    clock.set(new Date(Date.parse(until) - 60_000).toISOString());
    follower = await fresh(follower);
    expect((await itemAs(id, follower)).isPurchased).toBe(false);

    // At its time: everyone's, as a free item; the date is gone.
    clock.set(until);
    [creator, member, follower] = [
      await fresh(creator),
      await fresh(member),
      await fresh(follower),
    ];
    for (const viewer of [follower, null, member]) {
      expect(await itemAs(id, viewer)).toMatchObject({ isPurchased: true, earlyAccessUntil: null });
      expect(await profileTile(creator, id, viewer)).toMatchObject({
        isUnlocked: true,
        isPaid: false,
        earlyAccessUntil: null,
      });
    }
    const post = (await feedPagesUntil(t, follower, [id])).posts.get(id);
    expect(post).toMatchObject({ isPurchased: true, earlyAccessUntil: null });
    expect((await fetchMedia(t, `/api/v1/media/${audioKey}`, follower.auth)).statusCode).toBe(200);
  });

  it('with a price: not for sale before its time (members keep it), for sale to everyone after', async () => {
    clock.set('2031-08-01T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const until = inHours(24);
    const { id } = await publishItem(
      t,
      creator,
      { price: '3.00', tierRequired: 'HyprSoul', earlyAccessUntil: until },
      {},
    );
    let member = await createUser(t);
    await grantMembership(
      t,
      member,
      creator,
      'HyprSoul',
      new Date(clock.now().getTime() + 90 * 24 * HOUR),
    );
    let fan = await createUser(t);
    await topUp(t, fan, '5.00');

    const refused = await unlock(fan, id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('early_access');
    expect((await itemAs(id, member)).isPurchased).toBe(true);

    clock.set(until);
    [member, fan] = [await fresh(member), await fresh(fan)];
    const locked = await itemAs(id, fan);
    expect(locked).toMatchObject({ isPurchased: false, earlyAccessUntil: null });
    expect(locked.abilities.canBuy).toBe(true);
    expect((await itemAs(id, member)).isPurchased).toBe(true);
    const bought = await unlock(fan, id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await itemAs(id, fan)).isPurchased).toBe(true);
  });

  it('a scheduled item may be members-first after it goes out', async () => {
    clock.set('2031-09-01T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const image = (await uploadOk(t, creator, 'image')).url;
    const form = itemForm(image, {
      tierRequired: 'Hypr',
      publishAt: inHours(10),
      earlyAccessUntil: inHours(5),
    });
    const early = await createItemRequest(t, creator, form);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('item_early_access_invalid');
    const ok = await createItemRequest(t, creator, { ...form, earlyAccessUntil: inHours(20) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('refused early access', () => {
  const bad = () => [
    'tomorrow',
    '2031-10-02',
    '2031-10-02T10:00',
    clock.now().toISOString(),
    new Date(clock.now().getTime() - 1000).toISOString(),
    new Date(clock.now().getTime() + EARLY_ACCESS_MAX_MS + 1000).toISOString(),
  ];

  it('answers 400 on create and creates nothing', async () => {
    clock.set('2031-10-01T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const image = (await uploadOk(t, creator, 'image')).url;
    for (const earlyAccessUntil of bad()) {
      const res = await createItemRequest(
        t,
        creator,
        itemForm(image, { tierRequired: 'Hypr', earlyAccessUntil }),
      );
      expect(res.statusCode, earlyAccessUntil).toBe(400);
      expect(res.json().code, earlyAccessUntil).toBe('item_early_access_invalid');
    }
    const noTier = await createItemRequest(
      t,
      creator,
      itemForm(image, { earlyAccessUntil: inHours(5) }),
    );
    expect(noTier.statusCode).toBe(400);
    expect(noTier.json().code).toBe('item_early_access_needs_tier');
    expect(await t.db.select().from(items).where(eq(items.creatorId, creator.user.id))).toEqual([]);
    const edge = new Date(clock.now().getTime() + EARLY_ACCESS_MAX_MS).toISOString();
    const ok = await createItemRequest(
      t,
      creator,
      itemForm(image, { tierRequired: 'Hypr', earlyAccessUntil: edge }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('answers 400 on edit and leaves the item as it was; a valid edit sets and clears it', async () => {
    clock.set('2031-10-01T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { tierRequired: 'Hypr' }, {});
    const image = (await uploadOk(t, creator, 'image')).url;
    const form = itemForm(image, { tierRequired: 'Hypr' });
    const patch = (body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/aura/${id}`,
        headers: creator.auth,
        payload: body as Record<string, unknown>,
      });
    const before = await storedItem(id);
    for (const value of bad()) {
      const res = await patch({ ...form, title: 'Changed', earlyAccessUntil: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().code).toBe('item_early_access_invalid');
    }
    const noTier = await patch({ ...form, tierRequired: 'Aura', earlyAccessUntil: inHours(3) });
    expect(noTier.json().code).toBe('item_early_access_needs_tier');
    expect(await storedItem(id)).toEqual(before);

    const set = await patch({ ...form, earlyAccessUntil: inHours(3) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().item.earlyAccessUntil).toBe(inHours(3));
    const cleared = await patch({ ...form, earlyAccessUntil: null });
    expect(cleared.json().item.earlyAccessUntil).toBeNull();
    expect((await storedItem(id)).earlyAccessUntil).toBeNull();
  });
});
