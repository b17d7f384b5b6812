import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, items, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { tempDataDir, uploadOk } from '../media/test-helpers';
import { createItemRequest, fetchMedia, itemForm, publishItem } from './test-helpers';

let t: TestApp;
let dataDir: string;
const clock = { at: new Date('2031-03-10T12:00:00Z'), now: () => clock.at };

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ env: { DATA_DIR: dataDir }, clock });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const itemCountOf = async (creatorId: string) => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(eq(items.creatorId, creatorId));
  return row?.n ?? 0;
};

const getItem = (id: number | string, user?: TestUser) =>
  t.app.inject({ url: `/api/v1/items/${id}`, headers: user?.auth ?? {} });

describe('POST /api/v1/aura/create', () => {
  it.each(['title', 'description', 'price', 'image', 'category', 'subcategory'])(
    'refuses a missing %s with upload.requiredFields and stores nothing',
    async (field) => {
      const creator = await createUser(t, { role: 'creator' });
      const image = await uploadOk(t, creator, 'image');
      for (const missing of [undefined, '', '   ']) {
        const body: Record<string, unknown> = itemForm(image.url);
        if (missing === undefined) delete body[field];
        else body[field] = missing;
        const res = await createItemRequest(t, creator, body);
        expect(res.statusCode, `${field}=${String(missing)}`).toBe(400);
        expect(res.json().error).toBe('upload.requiredFields');
      }
      expect(await itemCountOf(creator.user.id)).toBe(0);
    },
  );

  it('refuses a subcategory of another category, an unknown category and a bad price', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const image = await uploadOk(t, creator, 'image');
    for (const [change, message] of [
      [{ subcategory: 'Yoga' }, /subcategory/],
      [{ category: 'Knitting', subcategory: 'Loops' }, /category/],
      [{ price: '12.345' }, /price/i],
      [{ price: '-3' }, /price/i],
      [{ status: 'hidden' }, /status/],
      [{ tierRequired: 'Gold' }, /tierRequired/],
    ] as const) {
      const res = await createItemRequest(t, creator, itemForm(image.url, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect(await itemCountOf(creator.user.id)).toBe(0);
  });

  it('accepts only the caller’s own uploads, each of the right kind', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const other = await createUser(t, { role: 'creator' });
    const theirs = await uploadOk(t, other, 'image');
    const mine = await uploadOk(t, creator, 'image');
    const myAudio = await uploadOk(t, creator, 'audio');
    for (const [body, message] of [
      [itemForm(theirs.url), /image: use a file you uploaded yourself/],
      [itemForm(myAudio.url), /image: this upload is not a image/],
      [itemForm(mine.url, { video: myAudio.url }), /video: this upload is not a video/],
      [itemForm('https://elsewhere.example/cat.png'), /image: not a file uploaded here/],
    ] as const) {
      const res = await createItemRequest(t, creator, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect(await itemCountOf(creator.user.id)).toBe(0);
  });

  it('refuses a signed-out caller', async () => {
    const res = await createItemRequest(t, null, itemForm('/api/v1/media/x'));
    expect(res.statusCode).toBe(401);
  });

  it('stores every field, trims tags and answers 201 with the item', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const answer = await publishItem(t, creator, {
      title: '  Rain beats ',
      price: '15',
      tags: [' rain', 'rain ', 'beats', ''],
      category: 'Music',
      subcategory: 'Beats',
      explicitContent: true,
      status: 'unavailable',
      tierRequired: 'Hypr',
    });
    expect(answer.token).toBeNull();
    expect(answer.item).toMatchObject({
      id: answer.id,
      creatorId: creator.user.id,
      title: 'Rain beats',
      price: '15,00 €',
      priceCents: 1500,
      tags: ['rain', 'beats'],
      explicitContent: true,
      status: 'unavailable',
      tierRequired: 'Hypr',
      isOwner: true,
      isPurchased: true,
      likes: 0,
      visitors: 0,
      commentsCount: 0,
    });
  });

  it('turns a user into a creator on the first item and hands back a working token', async () => {
    const fan = await createUser(t);
    const first = await publishItem(t, fan, {}, {});
    expect(first.token).toEqual(expect.any(String));
    const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row?.role).toBe('creator');

    // The old token names the old role and is refused; the new one works.
    const stale = await t.app.inject({ url: '/api/v1/dashboard', headers: fan.auth });
    expect(stale.statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${first.token}` };
    const dashboard = await t.app.inject({ url: '/api/v1/dashboard', headers: fresh });
    expect(dashboard.statusCode).toBe(200);

    // The second item changes nothing about the role.
    const creator = { ...fan, token: first.token ?? '', auth: fresh };
    const second = await publishItem(t, creator, {}, {});
    expect(second.token).toBeNull();
  });
});

describe('GET /api/v1/items/{id}', () => {
  it('hides the media of a locked item from a fan, shows them to the owner and a buyer', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { price: '9.99' });
    const [row] = await t.db.select().from(items).where(eq(items.id, id));
    if (!row?.imageKey || !row.audioKey || !row.videoKey) throw new Error('media missing');
    const originals = [row.imageKey, row.audioKey, row.videoKey];

    const fan = await createUser(t);
    for (const viewer of [fan, undefined]) {
      const res = await getItem(id, viewer);
      expect(res.statusCode).toBe(200);
      const item = res.json();
      expect(item).toMatchObject({ isPurchased: false, videoUrl: null, audioUrl: null });
      expect(item.imageUrl).toBe(item.previewUrl);
      expect(item.previewUrl).toMatch(/\/api\/v1\/media\/pre-/);
      for (const key of originals) expect(res.body).not.toContain(key);
    }

    const owner = (await getItem(id, creator)).json();
    expect(owner.isPurchased).toBe(true);
    for (const url of [owner.imageUrl, owner.audioUrl, owner.videoUrl]) {
      expect(url).toMatch(/\?exp=\d+&sig=/);
      expect((await fetchMedia(t, url)).statusCode).toBe(200);
    }

    // The original cannot be fetched by a fan without a signature.
    expect((await fetchMedia(t, `/api/v1/media/${row.audioKey}`, fan.auth)).statusCode).toBe(403);
    expect((await fetchMedia(t, `/api/v1/media/${row.audioKey}`)).statusCode).toBe(403);

    // A purchase (an entitlement row) unlocks it for that fan.
    await t.db.insert(entitlements).values({
      userId: fan.user.id,
      itemId: id,
      source: 'purchase',
      sourceRef: `test-${id}-${fan.user.id}`,
    });
    const bought = (await getItem(id, fan)).json();
    expect(bought.isPurchased).toBe(true);
    expect(bought.videoUrl).toMatch(/\?exp=/);
    // An entitled signed-in caller may also load the plain URL with their token.
    expect((await fetchMedia(t, `/api/v1/media/${row.audioKey}`, fan.auth)).statusCode).toBe(200);
  });

  it('unlocks a tier item for a member of that creator', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(
      t,
      creator,
      { price: '0', tierRequired: 'Hypr' },
      { audio: true },
    );
    const member = await createUser(t);
    const stranger = await createUser(t);
    await t.db.insert(entitlements).values({
      userId: member.user.id,
      creatorId: creator.user.id,
      tier: 'HyprSoul',
      source: 'subscription',
      sourceRef: `test-sub-${member.user.id}`,
      periodEnd: new Date(clock.at.getTime() + 86_400_000),
    });
    expect((await getItem(id, member)).json()).toMatchObject({ isPurchased: true });
    expect((await getItem(id, stranger)).json()).toMatchObject({
      isPurchased: false,
      audioUrl: null,
    });
  });

  it('refuses a signed media URL once expired or tampered with', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { item } = await publishItem(t, creator, {}, { audio: true });
    const url = item.audioUrl ?? '';
    expect((await fetchMedia(t, url)).statusCode).toBe(200);

    const tampered = url.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetchMedia(t, tampered)).statusCode).toBe(403);
    const longer = url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 86_400}`);
    expect((await fetchMedia(t, longer)).statusCode).toBe(403);
    const elsewhere = url.replace(/aud-[0-9a-f]{32}/, `aud-${'0'.repeat(32)}`);
    expect((await fetchMedia(t, elsewhere)).statusCode).toBe(404);

    const saved = clock.at;
    clock.at = new Date(saved.getTime() + 3 * 3600 * 1000);
    try {
      const expired = await fetchMedia(t, url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().error).toMatch(/expired/);
    } finally {
      clock.at = saved;
    }
  });

  it('answers 404 for unknown, malformed and hidden items', async () => {
    for (const id of ['999999999', 'abc', '-1', '0', '1e3', '12.5', '99999999999999999999', "1'"]) {
      const res = await getItem(encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe('Item not found');
    }
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { status: 'unavailable' }, {});
    expect((await getItem(id, await createUser(t))).statusCode).toBe(404);
    expect((await getItem(id, creator)).statusCode).toBe(200);
    const admin = await createUser(t, { role: 'admin' });
    expect((await getItem(id, admin)).statusCode).toBe(200);
  });

  it('shows a free item unlocked to everyone, signed out too', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { price: '0' }, { audio: true });
    const item = (await getItem(id)).json();
    expect(item).toMatchObject({ isPurchased: true, price: '0,00 €', priceCents: 0 });
    expect((await fetchMedia(t, item.audioUrl)).statusCode).toBe(200);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entitlements)
      .where(and(eq(entitlements.itemId, id)));
    expect(row?.n).toBe(0);
  });
});
