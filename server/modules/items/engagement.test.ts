import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemComments, itemLikes, items } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { NUL_TEXT_ERROR } from '../../http/nul-text';
import { createUser, type TestUser } from '../../test/factories';
import { EDGE_CURSORS, FORGED_CURSORS } from '../feed/test-helpers';
import { createMediaTestApp } from '../media/test-helpers';
import { publishItem } from './test-helpers';

let t: TestApp;
let creator: TestUser;
const clock = { at: new Date('2031-05-01T10:00:00Z'), now: () => clock.at };

beforeAll(async () => {
  t = await createMediaTestApp({ clock });
  creator = await createUser(t, { role: 'creator' });
});
afterAll(() => t.close());

const newItem = async () => (await publishItem(t, creator, {}, {})).id;

const like = (user: TestUser, id: number, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/v1/items/${id}/like`, headers: user.auth });

async function storedLikes(id: number) {
  const [item] = await t.db.select().from(items).where(eq(items.id, id));
  const [rows] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(itemLikes)
    .where(eq(itemLikes.itemId, id));
  return { counter: item?.likesCount, rows: rows?.n };
}

describe('likes', () => {
  it('toggles one like per user', async () => {
    const id = await newItem();
    const fan = await createUser(t);
    const other = await createUser(t);
    expect((await like(fan, id)).json()).toEqual({ liked: true, likes: 1 });
    expect((await like(fan, id)).json()).toEqual({ liked: true, likes: 1 });
    expect((await like(other, id)).json()).toEqual({ liked: true, likes: 2 });
    expect((await like(fan, id, 'DELETE')).json()).toEqual({ liked: false, likes: 1 });
    expect((await like(fan, id, 'DELETE')).json()).toEqual({ liked: false, likes: 1 });
    expect(await storedLikes(id)).toEqual({ counter: 1, rows: 1 });

    const item = await t.app.inject({ url: `/api/v1/items/${id}`, headers: other.auth });
    expect(item.json()).toMatchObject({ likes: 1, likedByMe: true });
  });

  it('keeps the count honest under 20 concurrent requests of one user', async () => {
    const id = await newItem();
    const fan = await createUser(t);
    const likes = await Promise.all(Array.from({ length: 20 }, () => like(fan, id)));
    expect(likes.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(Math.max(...likes.map((r) => r.json().likes))).toBe(1);
    expect(await storedLikes(id)).toEqual({ counter: 1, rows: 1 });

    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => like(fan, id, i % 2 ? 'POST' : 'DELETE')),
    );
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    const after = await storedLikes(id);
    expect(after.counter).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(1);
  });

  it('needs a signed-in user and an existing item, and changes nothing otherwise', async () => {
    const id = await newItem();
    for (const method of ['POST', 'DELETE'] as const) {
      const url = `/api/v1/items/${id}/like`;
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      const forged = { authorization: 'Bearer a.b.c' };
      expect((await t.app.inject({ method, url, headers: forged })).statusCode).toBe(401);
    }
    const fan = await createUser(t);
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await like(fan, 987654321, method)).statusCode).toBe(404);
      for (const bad of ['abc', '-1', '0', '99999999999999999999', '1e3', 'x'.repeat(41)]) {
        const res = await t.app.inject({
          method,
          url: `/api/v1/items/${bad}/like`,
          headers: fan.auth,
        });
        expect([400, 404], `${method} ${bad}`).toContain(res.statusCode);
        expect(typeof res.json().error).toBe('string');
      }
    }
    expect(await storedLikes(id)).toEqual({ counter: 0, rows: 0 });
  });
});

describe('comments', () => {
  const comment = (user: TestUser | null, id: number, text: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/items/${id}/comments`,
      headers: user?.auth ?? {},
      payload: { text },
    });

  it('stores markup as plain text, attributed to the signed-in author', async () => {
    const id = await newItem();
    const fan = await createUser(t, { displayName: 'Mia Fan' });
    const xss = '<img src=x onerror="alert(1)"><script>alert(2)</script> & done';
    const res = await comment(fan, id, `  ${xss}  `);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      comment: { user: 'Mia Fan', userId: fan.user.id, text: xss },
      commentsCount: 1,
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const [stored] = await t.db.select().from(itemComments).where(eq(itemComments.itemId, id));
    expect(stored?.text).toBe(xss);

    const list = await t.app.inject({ url: `/api/v1/items/${id}/comments` });
    expect(list.json()).toMatchObject({
      comments: [{ user: 'Mia Fan', text: xss }],
      total: 1,
      nextCursor: null,
    });
    const feed = await t.app.inject({ url: `/api/v1/items/${id}` });
    expect(feed.json()).toMatchObject({ commentsCount: 1, comments: [{ text: xss }] });
  });

  it('refuses blank, too long, malformed and signed-out comments and changes nothing', async () => {
    const id = await newItem();
    const fan = await createUser(t);
    for (const text of ['', '    ', '\n\t', 'x'.repeat(1001), 42, null, ['hi'], 'a\u0000b']) {
      const res = await comment(fan, id, text);
      expect(res.statusCode, String(text)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    for (const payload of ['{"text":', 'hello', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/items/${id}/comments`,
        headers: { ...fan.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    const oversize = await t.app.inject({
      method: 'POST',
      url: `/api/v1/items/${id}/comments`,
      headers: fan.auth,
      payload: { text: 'x'.repeat(1_100_000) },
    });
    expect(oversize.statusCode).toBe(413);
    expect((await comment(fan, 0, 'hello')).statusCode).toBe(404);
    expect((await comment(null, id, 'hello')).statusCode).toBe(401);
    expect((await comment(fan, 987654321, 'hello')).statusCode).toBe(404);
    expect((await comment(fan, id, 'x'.repeat(1000))).statusCode).toBe(201);
    const [item] = await t.db.select().from(items).where(eq(items.id, id));
    expect(item?.commentsCount).toBe(1);
  });

  it('pages the list oldest first and refuses a bad cursor', async () => {
    const id = await newItem();
    const fan = await createUser(t);
    for (let i = 1; i <= 5; i += 1) expect((await comment(fan, id, `c${i}`)).statusCode).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = await t.app.inject({ url: `/api/v1/items/${id}/comments?limit=2${query}` });
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().comments.map((c: { text: string }) => c.text));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    const bad = await t.app.inject({ url: `/api/v1/items/${id}/comments?cursor=nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid cursor');
  });

  it('answers bad list parameters with 400, and cursors at the edge of time with a page', async () => {
    const id = await newItem();
    const limits = ['0', '201', 'abc', '1.5', '1&limit=2'];
    for (const query of [
      ...limits.map((limit) => `limit=${limit}`),
      ...FORGED_CURSORS.map((cursor) => `cursor=${cursor}`),
    ]) {
      const res = await t.app.inject({ url: `/api/v1/items/${id}/comments?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
    for (const cursor of EDGE_CURSORS) {
      const res = await t.app.inject({ url: `/api/v1/items/${id}/comments?cursor=${cursor}` });
      expect(res.statusCode, cursor).toBe(200);
    }
  });
});

describe('rate limits', () => {
  it('count made-up tokens on their address, and each signed-in user on their own', async () => {
    const id = await newItem();
    const remoteAddress = '192.0.2.77';
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/items/${id}/comments`,
        headers,
        payload: { text: 'spam' },
        remoteAddress,
      });
    // The comment call allows 30 a minute; a new made-up token each time changes nothing.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await send({ authorization: `Bearer made.up${i}.token` })).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    const fan = await createUser(t);
    expect((await send(fan.auth)).statusCode).toBe(201);
  });
});

describe('visitors', () => {
  const visit = (id: number, user?: TestUser, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/items/${id}/visit`,
      headers: user?.auth ?? {},
      remoteAddress,
    });

  it('counts a viewer once per item and day', async () => {
    const id = await newItem();
    const fan = await createUser(t);
    expect((await visit(id, fan)).json()).toEqual({ visitors: 1, counted: true });
    expect((await visit(id, fan)).json()).toEqual({ visitors: 1, counted: false });
    const burst = await Promise.all(Array.from({ length: 10 }, () => visit(id, fan)));
    expect(burst.every((r) => r.json().visitors === 1)).toBe(true);

    // Signed out: one per address.
    expect((await visit(id, undefined, '198.51.100.1')).json()).toEqual({
      visitors: 2,
      counted: true,
    });
    expect((await visit(id, undefined, '198.51.100.1')).json().counted).toBe(false);
    expect((await visit(id, undefined, '198.51.100.2')).json().visitors).toBe(3);

    // The creator's own visits are not views.
    expect((await visit(id, creator)).json()).toEqual({ visitors: 3, counted: false });

    const saved = clock.at;
    clock.at = new Date(saved.getTime() + 24 * 3600 * 1000);
    try {
      expect((await visit(id, fan)).json()).toEqual({ visitors: 4, counted: true });
    } finally {
      clock.at = saved;
    }
    const [item] = await t.db
      .select({ visitors: items.visitorsCount })
      .from(items)
      .where(and(eq(items.id, id)));
    expect(item?.visitors).toBe(4);
  });

  it('answers 404 for unknown or malformed items, 400 for a NUL', async () => {
    expect((await visit(987654321)).statusCode).toBe(404);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '9223372036854775808']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/items/${id}/visit` });
      expect(res.statusCode, id).toBe(404);
    }
    const nul = await t.app.inject({ method: 'POST', url: '/api/v1/items/%00/visit' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBe(NUL_TEXT_ERROR);
  });
});
