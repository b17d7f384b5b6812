import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPost } from '../../../common/schemas/feed';
import { items, users } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createItem, createUser, grantPurchase, type TestUser } from '../../test/factories';
import { publishItem } from '../items/test-helpers';
import { EDGE_CURSORS, feedPagesUntil, FORGED_CURSORS } from './test-helpers';
import { createMediaTestApp } from '../media/test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.close());

const feed = (query = '', user?: TestUser) =>
  t.app.inject({ url: `/api/v1/feed${query}`, headers: user?.auth ?? {} });

/** Free items made at chosen times (the time of their create call). */
async function itemsAt(creator: TestUser, times: Date[], title = 'Paged') {
  const made: { id: number }[] = [];
  for (const [i, createdAt] of times.entries()) {
    made.push(await createItem(t, creator, { title: `${title} ${i}`, priceCents: 0, createdAt }));
  }
  return made;
}

describe('GET /api/v1/feed', () => {
  it('returns every item exactly once by keyset while items are inserted during paging', async () => {
    const creator = await createUser(t, { role: 'creator' });
    // Far in the future, so these are the newest items even in a shared test database; several
    // share one timestamp to exercise the id tie-break, and two differ by one microsecond.
    const base = Date.UTC(2200, 0, 1);
    const times = Array.from({ length: 23 }, (_, i) => new Date(base - Math.floor(i / 4) * 1000));
    const ours = new Set((await itemsAt(creator, times)).map((r) => r.id));
    await t.db.execute(
      // Microsecond neighbours: a millisecond cursor would skip or repeat one of them. Raw rows:
      // a service call's time has milliseconds only.
      sql`
        insert into items (creator_id, title, description, price_cents, category, subcategory, created_at)
        values (${creator.user.id}, 'micro a', 'd', 0, 'Music', 'Loops', timestamptz '2199-12-31 23:00:00.000001+00'),
               (${creator.user.id}, 'micro b', 'd', 0, 'Music', 'Loops', timestamptz '2199-12-31 23:00:00.000002+00')`,
    );
    const micro = await t.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.creatorId, creator.user.id));
    for (const r of micro) ours.add(r.id);
    expect(ours.size).toBe(25);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await feed(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      seen.push(...page.posts.map((p: FeedPost) => p.id));
      cursor = page.nextCursor;
      pages += 1;
      // New items keep arriving at the top while the reader pages down.
      await itemsAt(creator, [new Date(base + pages * 1000)], 'Late');
      // Stop once past our items (a shared database may hold older ones of other tests).
      if (page.posts.some((p: FeedPost) => p.title.startsWith('micro a'))) break;
    } while (cursor);
    const ourSeen = seen.filter((id) => ours.has(id));
    expect(ourSeen).toHaveLength(25);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('checks limit and cursor', async () => {
    expect((await feed()).json().posts.length).toBeLessThanOrEqual(20);
    const limits = ['0', '-1', '51', 'abc', '2.5', '99999999999999999999', '1&limit=2'];
    for (const query of [
      ...limits.map((limit) => `?limit=${limit}`),
      ...FORGED_CURSORS.map((cursor) => `?cursor=${cursor}`),
    ]) {
      const res = await feed(query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
    expect((await feed('?cursor=bm9wZQ')).json().error).toBe('Invalid cursor');
    expect((await feed('?limit=50')).statusCode).toBe(200);
    for (const cursor of EDGE_CURSORS) {
      expect((await feed(`?cursor=${cursor}`)).statusCode, cursor).toBe(200);
    }
  });

  it('shows each viewer what they may see, with liked state and the euro price', async () => {
    const creator = await createUser(t, { role: 'creator', displayName: 'Lena Loops' });
    const paid = await publishItem(t, creator, { price: '9.99', title: 'Paid' });
    const free = await publishItem(t, creator, { price: '0', title: 'Free' }, { audio: true });
    const hidden = await publishItem(t, creator, { status: 'unavailable', title: 'Hidden' }, {});
    const fan = await createUser(t);
    await t.app.inject({ method: 'POST', url: `/api/v1/items/${free.id}/like`, headers: fan.auth });

    const ids = [paid.id, free.id];
    const { posts: byId } = await feedPagesUntil(t, fan, ids);
    expect(byId.has(hidden.id)).toBe(false);
    expect(byId.get(paid.id)).toMatchObject({
      userName: 'Lena Loops',
      price: '9,99\u00a0€',
      priceCents: 999,
      isPurchased: false,
      videoUrl: null,
      audioUrl: null,
      likedByMe: false,
    });
    // Locked: the blurred teaser only.
    expect(byId.get(paid.id)?.imageUrl).toMatch(
      /^\/api\/v1\/media\/pre-[0-9a-f]{32}\.teaser\.webp$/,
    );
    expect(byId.get(free.id)).toMatchObject({ isPurchased: true, likedByMe: true, likes: 1 });
    expect(byId.get(free.id)?.audioUrl).toMatch(/\?exp=\d+&sig=/);
    // Cards use the preview even when unlocked (a free item's is public).
    expect(byId.get(free.id)?.imageUrl).toMatch(/^\/api\/v1\/media\/pre-[0-9a-f]{32}\.webp$/);

    // A buyer sees the paid item unlocked; signed out, everything paid stays locked.
    await grantPurchase(t, fan, paid.id);
    const again = (await feedPagesUntil(t, fan, ids)).posts;
    expect(again.get(paid.id)).toMatchObject({ isPurchased: true });
    expect(again.get(paid.id)?.imageUrl).toMatch(/^\/api\/v1\/media\/pre-[0-9a-f]{32}\.webp\?exp=/);
    expect(again.get(paid.id)?.videoUrl).toMatch(/\?exp=/);
    const anonymous = (await feedPagesUntil(t, undefined, ids)).posts;
    expect(anonymous.get(paid.id)).toMatchObject({
      isPurchased: false,
      videoUrl: null,
      likedByMe: false,
    });

    // A suspended creator's items leave the feed.
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, creator.user.id));
    const afterSuspension = (await feedPagesUntil(t, undefined, ids)).posts;
    expect([...afterSuspension.values()].some((p) => p.creatorId === creator.user.id)).toBe(false);
  });
});

describe('GET /api/v1/creators/spotlight', () => {
  it('picks at most six active creators from real items, most liked first', async () => {
    const star = await createUser(t, { role: 'creator', displayName: 'Star' });
    const starItem = await publishItem(t, star, { price: '0' }, {});
    await publishItem(t, star, { price: '0' }, {});
    for (let i = 0; i < 5; i += 1) {
      const fan = await createUser(t);
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/items/${starItem.id}/like`,
        headers: fan.auth,
      });
    }
    const res = await t.app.inject({ url: '/api/v1/creators/spotlight' });
    expect(res.statusCode).toBe(200);
    const { creators } = res.json();
    expect(creators.length).toBeGreaterThan(0);
    expect(creators.length).toBeLessThanOrEqual(6);
    const entry = creators.find((c: { id: string }) => c.id === star.user.id);
    if (entry) {
      expect(entry).toMatchObject({ name: 'Star', itemCount: 2, likes: 5 });
    } else {
      // A shared test database may hold creators with more likes: then they fill all six places.
      expect(creators).toHaveLength(6);
      expect(creators.every((c: { likes: number }) => c.likes >= 5)).toBe(true);
    }
    const likes = creators.map((c: { likes: number }) => c.likes);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
  });
});
