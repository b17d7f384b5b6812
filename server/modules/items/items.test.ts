import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, items, users } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createUser, grantMembership, grantPurchase, type TestUser } from '../../test/factories';
import { feedPagesUntil } from '../feed/test-helpers';
import { mediaPath, teaserKeyOf } from '../media/keys';
import { createMediaTestApp, uploadOk } from '../media/test-helpers';
import { createItemRequest, fetchMedia, itemForm, publishItem } from './test-helpers';

let t: TestApp;
const clock = { at: new Date('2031-03-10T12:00:00Z'), now: () => clock.at };

beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

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

  it('refuses wrongly typed, malformed and oversize bodies with a 4xx and stores nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const image = await uploadOk(t, creator, 'image');
    const form = itemForm(image.url);
    const cases: [string, unknown, number][] = [
      ['tags as text', { ...form, tags: 'lofi' }, 400],
      ['tags of numbers', { ...form, tags: [1, 2] }, 400],
      ['too many tags', { ...form, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 400],
      ['a tag too long', { ...form, tags: ['x'.repeat(41)] }, 400],
      ['explicitContent as text', { ...form, explicitContent: 'yes' }, 400],
      // Left out they get defaults; sent, they must be right.
      ['explicitContent null', { ...form, explicitContent: null }, 400],
      ['an unknown status', { ...form, status: 'draft' }, 400],
      ['tags null', { ...form, tags: null }, 400],
      ['price as an object', { ...form, price: { amount: 1 } }, 400],
      ['price 1e5', { ...form, price: '1e5' }, 400],
      ['price over 10000', { ...form, price: 10_000.01 }, 400],
      ['price 99999999999999999999', { ...form, price: '99999999999999999999' }, 400],
      ['a title too long', { ...form, title: 'x'.repeat(201) }, 400],
      ['a NUL in the title', { ...form, title: 'a\u0000b' }, 400],
      ['a NUL in a tag', { ...form, tags: ['a\u0000'] }, 400],
      ['an array', [form], 400],
      ['null', null, 400],
      ['broken JSON', '{"title":', 400],
      ['a body over BODY_LIMIT_BYTES', { ...form, description: 'x'.repeat(1_100_000) }, 413],
    ];
    for (const [what, body, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/aura/create',
        headers: { ...creator.auth, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, what).toBe(status);
      expect(typeof res.json().error, what).toBe('string');
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
    expect(answer.item).toMatchObject({
      id: answer.id,
      creatorId: creator.user.id,
      title: 'Rain beats',
      price: '15,00\u00a0€',
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

  it('fills in the optional fields SPEC §5 lets the form leave out', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const image = await uploadOk(t, creator, 'image');
    const {
      status: _status,
      tags: _tags,
      explicitContent: _explicit,
      audio: _audio,
      video: _video,
      ...bare
    } = itemForm(image.url);
    const res = await createItemRequest(t, creator, bare);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item).toMatchObject({
      status: 'available',
      tags: [],
      explicitContent: false,
      audioUrl: null,
      videoUrl: null,
    });
    const [row] = await t.db.select().from(items).where(eq(items.id, res.json().id));
    expect(row).toMatchObject({ status: 'available', tags: [], explicitContent: false });
  });

  it('takes no owner, counter or id from the body', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const other = await createUser(t, { role: 'creator' });
    const image = await uploadOk(t, creator, 'image');
    const res = await createItemRequest(
      t,
      creator,
      itemForm(image.url, {
        id: 1,
        creatorId: other.user.id,
        likesCount: 99,
        likes: 99,
        visitors: 99,
        currency: 'BTC',
        isPurchased: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(items).where(eq(items.id, res.json().id));
    expect(row).toMatchObject({
      creatorId: creator.user.id,
      likesCount: 0,
      visitorsCount: 0,
      currency: 'eur',
    });
    expect(await itemCountOf(other.user.id)).toBe(0);
  });

  it('turns a user into a creator on the first item, keeping their session', async () => {
    const fan = await createUser(t);
    await publishItem(t, fan, {}, {});
    const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row?.role).toBe('creator');

    // A promotion ends no session: the token signed for the old role keeps working, and the
    // server answers with the role its database holds.
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: fan.auth });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().role).toBe('creator');

    // The second item changes nothing about the role.
    await publishItem(t, fan, {}, {});
    const [after] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(after?.role).toBe('creator');
  });

  it('turns a hypr into a creator too, and leaves staff in their role', async () => {
    const roleAfterPublishing = async (role: 'hypr' | 'moderator' | 'admin') => {
      const person = await createUser(t, { role });
      await publishItem(t, person, {}, {});
      const [row] = await t.db.select().from(users).where(eq(users.id, person.user.id));
      return row?.role;
    };
    expect(await roleAfterPublishing('hypr')).toBe('creator');
    expect(await roleAfterPublishing('moderator')).toBe('moderator');
    expect(await roleAfterPublishing('admin')).toBe('admin');
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
      expect(item.previewUrl).toBe(mediaPath(teaserKeyOf(row.imagePreviewKey ?? '')));
      for (const key of [...originals, row.imagePreviewKey]) expect(res.body).not.toContain(key);
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
    await grantPurchase(t, fan, id);
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
    await grantMembership(
      t,
      member,
      creator,
      'HyprSoul',
      new Date(clock.at.getTime() + 86_400_000),
    );
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

  it('hides the items of a suspended creator from all but staff', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { price: '0' }, {});
    const fan = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    expect((await getItem(id, fan)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, creator.user.id));
    try {
      for (const viewer of [fan, undefined]) {
        const res = await getItem(id, viewer);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('Item not found');
      }
      const calls = [
        { method: 'POST', url: `/api/v1/items/${id}/like` },
        { method: 'DELETE', url: `/api/v1/items/${id}/like` },
        { method: 'GET', url: `/api/v1/items/${id}/comments` },
        { method: 'POST', url: `/api/v1/items/${id}/comments`, payload: { text: 'hi' } },
        { method: 'POST', url: `/api/v1/items/${id}/visit` },
      ] as const;
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: fan.auth });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
      const [row] = await t.db.select().from(items).where(eq(items.id, id));
      expect(row).toMatchObject({ likesCount: 0, commentsCount: 0, visitorsCount: 0 });
      expect((await getItem(id, admin)).statusCode).toBe(200);
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.id, creator.user.id));
    }
    expect((await getItem(id, fan)).statusCode).toBe(200);
  });

  it('shows a free item unlocked to everyone, signed out too', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, creator, { price: '0' }, { audio: true });
    const item = (await getItem(id)).json();
    expect(item).toMatchObject({ isPurchased: true, price: '0,00\u00a0€', priceCents: 0 });
    expect((await fetchMedia(t, item.audioUrl)).statusCode).toBe(200);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entitlements)
      .where(and(eq(entitlements.itemId, id)));
    expect(row?.n).toBe(0);
  });
});

describe('paid media before entitlement', () => {
  it('leave the server in no answer: feed, item, comments, profile, spotlight, dashboard', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const paid = await publishItem(t, creator, { price: '9.99', title: 'Paid set' });
    const members = await publishItem(
      t,
      creator,
      { price: '0', tierRequired: 'HyprSoul', title: 'Members set' },
      { audio: true, video: true },
    );
    const rows = await t.db.select().from(items).where(eq(items.creatorId, creator.user.id));
    // The unblurred preview is as good as the picture: it must not leak either.
    const originals = rows.flatMap((r) => [r.imageKey, r.imagePreviewKey, r.audioKey, r.videoKey]);
    expect(originals.every((key) => typeof key === 'string')).toBe(true);
    const fan = await createUser(t);
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/v1/items/${paid.id}/comments`,
      headers: fan.auth,
      payload: { text: 'Looks great' },
    });
    expect(comment.statusCode).toBe(201);

    const answers = async (viewer: TestUser | undefined) => {
      const headers = viewer?.auth ?? {};
      // The feed is paged until both items have been shown, so the check is never vacuous.
      const feed = await feedPagesUntil(t, viewer, [paid.id, members.id]);
      expect(feed.posts.has(paid.id) && feed.posts.has(members.id)).toBe(true);
      const urls = [
        `/api/v1/items/${paid.id}`,
        `/api/v1/items/${members.id}`,
        `/api/v1/items/${paid.id}/comments`,
        `/api/v1/users/${creator.user.id}`,
        '/api/v1/creators/spotlight',
        ...(viewer ? ['/api/v1/dashboard', '/api/v1/users/profile'] : []),
      ];
      const answered = await Promise.all(
        urls.map(async (url) => {
          const res = await t.app.inject({ url, headers });
          expect(res.statusCode, url).toBe(200);
          return { url, body: res.body };
        }),
      );
      return [...answered, ...feed.bodies.map((body) => ({ url: '/api/v1/feed', body }))];
    };
    for (const viewer of [fan, undefined]) {
      for (const { url, body } of await answers(viewer)) {
        for (const key of originals) expect(body, `${url} leaks ${key}`).not.toContain(key);
      }
    }

    // The same answers carry the media once the fan may see the item (the check can fail).
    await grantPurchase(t, fan, paid.id);
    const item = (await answers(fan)).find((a) => a.url === `/api/v1/items/${paid.id}`);
    const [paidRow] = rows.filter((r) => r.id === paid.id);
    expect(item?.body).toContain(paidRow?.audioKey);
    expect(item?.body).toContain(paidRow?.imagePreviewKey);
  });
});

describe('the locked view of an image: a teaser, never the preview', () => {
  const spotlight = () => t.app.inject({ url: '/api/v1/creators/spotlight' });
  const profileOf = (id: string, viewer?: TestUser) =>
    t.app.inject({ url: `/api/v1/users/${id}`, headers: viewer?.auth ?? {} });

  it('answers a fan with the teaser URL only, in the feed, item, profile and spotlight', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const paid = await publishItem(t, creator, { price: '4.99', title: 'Paid photo' }, {});
    const [row] = await t.db.select().from(items).where(eq(items.id, paid.id));
    const previewKey = row?.imagePreviewKey ?? '';
    const imageKey = row?.imageKey ?? '';
    expect(previewKey).toMatch(/^pre-/);
    const teaserUrl = mediaPath(teaserKeyOf(previewKey));
    const fan = await createUser(t);

    for (const viewer of [fan, undefined]) {
      const feed = await feedPagesUntil(t, viewer, [paid.id]);
      expect(feed.posts.get(paid.id)?.imageUrl).toBe(teaserUrl);
      const item = await getItem(paid.id, viewer);
      expect(item.json()).toMatchObject({ imageUrl: teaserUrl, previewUrl: teaserUrl });
      const profile = await profileOf(creator.user.id, viewer);
      expect(profile.json().content.find((c: { id: number }) => c.id === paid.id)?.thumbnail).toBe(
        teaserUrl,
      );
      for (const body of [...feed.bodies, item.body, profile.body, (await spotlight()).body]) {
        expect(body).not.toContain(previewKey);
        expect(body).not.toContain(imageKey);
      }
    }

    // The teaser loads signed out; the unblurred preview does not, not even with a fan's token.
    const teaser = await fetchMedia(t, teaserUrl);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.headers['content-type']).toBe('image/webp');
    expect(teaser.headers['cache-control']).toContain('public');
    for (const headers of [{}, fan.auth]) {
      const preview = await fetchMedia(t, mediaPath(previewKey), headers);
      expect(preview.statusCode).toBe(403);
      expect(preview.json().error).toMatch(/locked item/);
    }
  });

  it('hands the owner and a buyer the preview, through the URLs the API gives them', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const paid = await publishItem(t, creator, { price: '4.99' }, {});
    const [row] = await t.db.select().from(items).where(eq(items.id, paid.id));
    const previewKey = row?.imagePreviewKey ?? '';

    const own = (await getItem(paid.id, creator)).json();
    expect(own.previewUrl).toContain(`${mediaPath(previewKey)}?exp=`);
    const dashboard = await t.app.inject({ url: '/api/v1/dashboard', headers: creator.auth });
    const card = dashboard.json().recentContent.find((c: { id: number }) => c.id === paid.id);
    for (const url of [own.previewUrl, own.imageUrl, card?.media_url]) {
      const res = await fetchMedia(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toContain('private');
    }
    // An entitled caller may also use the plain path with a token.
    expect((await fetchMedia(t, mediaPath(previewKey), creator.auth)).statusCode).toBe(200);

    const buyer = await createUser(t);
    await grantPurchase(t, buyer, paid.id);
    const post = (await feedPagesUntil(t, buyer, [paid.id])).posts.get(paid.id);
    expect(post?.imageUrl).toContain(`${mediaPath(previewKey)}?exp=`);
    const res = await fetchMedia(t, post?.imageUrl ?? '');
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    expect((await fetchMedia(t, mediaPath(previewKey), buyer.auth)).statusCode).toBe(200);
  });

  it('keeps the preview of a free item public', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const free = await publishItem(t, creator, { price: '0' }, {});
    const [row] = await t.db.select().from(items).where(eq(items.id, free.id));
    const previewUrl = mediaPath(row?.imagePreviewKey ?? '');
    expect((await getItem(free.id)).json().previewUrl).toBe(previewUrl);
    expect((await feedPagesUntil(t, undefined, [free.id])).posts.get(free.id)?.imageUrl).toBe(
      previewUrl,
    );
    const res = await fetchMedia(t, previewUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
  });
});
