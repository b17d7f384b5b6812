import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DashboardResponse } from '../../../common/schemas/dashboard';
import { FeedPage } from '../../../common/schemas/feed';
import { ItemDetail } from '../../../common/schemas/items';
import { itemComments, itemLikes, items } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createUser, grantMembership, grantPurchase, type TestUser } from '../../test/factories';
import { bookEarningsEntry } from '../billing/test-helpers';
import { createMediaTestApp } from '../media/test-helpers';

/*
 * Issue 17: a feed page, an item page and a creator's dashboard are one SQL statement each,
 * whatever the page holds (likes, purchases, memberships, comments, earnings) and whoever asks.
 * Statements are counted at the database client, so a future N+1 (a look-up per post, or per
 * kind of fact) fails here.
 */

let t: TestApp;
const statements: string[] = [];
let creator: TestUser;
let fan: TestUser;
let ids: number[];

beforeAll(async () => {
  t = await createMediaTestApp({ onQuery: (statement) => statements.push(statement) });
  creator = await createUser(t, { role: 'creator' });
  fan = await createUser(t);
  const commenter = await createUser(t, { displayName: 'Commenter' });
  // Far in the future, so these are the newest items even in a shared test database. Bulk raw
  // rows (items, likes, comments at chosen times): this file counts the statements of the feed's
  // reads over many rows, not how the rows came to be.
  const base = Date.UTC(2300, 0, 1);
  const rows = await t.db
    .insert(items)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        creatorId: creator.user.id,
        title: `Counted ${i}`,
        description: 'd',
        priceCents: [0, 500, 0][i % 3]!,
        tierRequired: i % 3 === 2 ? ('Hypr' as const) : ('Aura' as const),
        category: 'Music',
        subcategory: 'Loops',
        imageKey: `counted/${i}.jpg`,
        imagePreviewKey: `counted/${i}.preview.webp`,
        createdAt: new Date(base - i * 1000),
      })),
    )
    .returning({ id: items.id });
  ids = rows.map((r) => r.id);
  await t.db
    .insert(itemLikes)
    .values(ids.slice(0, 10).map((itemId) => ({ itemId, userId: fan.user.id })));
  await t.db.insert(itemComments).values(
    ids.flatMap((itemId, i) =>
      Array.from({ length: i % 5 }, (_, n) => ({
        itemId,
        authorId: n % 2 ? fan.user.id : commenter.user.id,
        text: `comment ${n}`,
        createdAt: new Date(base + n * 1000),
      })),
    ),
  );
  await grantPurchase(t, fan, ids[1]!);
  await grantMembership(t, fan, creator, 'Hypr', new Date(Date.now() + 86_400_000));
});
afterAll(() => t.close());

/** The statements one request sends, after a first identical request warmed the caches. */
async function statementsOf(url: string, viewer?: TestUser): Promise<number> {
  const send = () => t.app.inject({ url, headers: viewer?.auth ?? {} });
  expect((await send()).statusCode).toBe(200);
  statements.length = 0;
  const res = await send();
  expect(res.statusCode, res.body).toBe(200);
  return statements.length;
}

/** What zod's serializer writes for the same answer. */
const zodText = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' })(data);

describe('SQL statements per request', () => {
  it('a feed page is one statement, signed in or out, first page or later', async () => {
    expect(await statementsOf('/api/v1/feed?limit=20', fan)).toBe(1);
    expect(await statementsOf('/api/v1/feed?limit=50', fan)).toBe(1);
    expect(await statementsOf('/api/v1/feed?limit=20')).toBe(1);
    expect(await statementsOf('/api/v1/feed?limit=20', creator)).toBe(1);

    const first = FeedPage.parse(
      (await t.app.inject({ url: '/api/v1/feed?limit=5', headers: fan.auth })).json(),
    );
    expect(first.nextCursor).not.toBeNull();
    expect(await statementsOf(`/api/v1/feed?limit=20&cursor=${first.nextCursor}`, fan)).toBe(1);
  });

  it('the page still carries the viewer’s likes, entitlements and latest comments', async () => {
    const page = FeedPage.parse(
      (await t.app.inject({ url: '/api/v1/feed?limit=50', headers: fan.auth })).json(),
    );
    const ours = new Map(page.posts.map((p) => [p.id, p]));
    expect(ours.get(ids[0]!)?.likedByMe).toBe(true);
    expect(ours.get(ids[10]!)?.likedByMe).toBe(false);
    expect(ours.get(ids[1]!)?.isPurchased).toBe(true); // bought
    expect(ours.get(ids[4]!)?.isPurchased).toBe(false); // paid, not bought
    expect(ours.get(ids[2]!)?.isPurchased).toBe(true); // covered by the Hypr membership
    expect(ours.get(ids[4]!)?.comments.map((c) => c.text)).toEqual([
      'comment 1',
      'comment 2',
      'comment 3',
    ]);
  });

  it('feed and item answers are byte for byte what zod writes (compiled serializer)', async () => {
    for (const viewer of [fan, creator, undefined]) {
      const page = await t.app.inject({
        url: '/api/v1/feed?limit=50',
        headers: viewer?.auth ?? {},
      });
      expect(page.body).toBe(zodText(FeedPage, JSON.parse(page.body)));
      for (const id of [ids[1], ids[2], ids[4]]) {
        const item = await t.app.inject({
          url: `/api/v1/items/${id}`,
          headers: viewer?.auth ?? {},
        });
        expect(item.statusCode).toBe(200);
        expect(item.body).toBe(zodText(ItemDetail, JSON.parse(item.body)));
      }
    }
  });

  it('a dashboard is one statement, with items, members and earnings or with none', async () => {
    await bookEarningsEntry(t, {
      creatorId: creator.user.id,
      grossCents: 1000,
      currency: 'eur',
      at: new Date(),
    });
    expect(await statementsOf('/api/v1/dashboard', creator)).toBe(1);
    expect(await statementsOf('/api/v1/dashboard', await createUser(t))).toBe(1);
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: creator.auth });
    const body = DashboardResponse.parse(res.json());
    expect(body.metrics.subscribers).toBe(1);
    // The entry above (900 net) and the fan's purchase of a 5.00 item (450 net of the fee).
    expect(body.earnings.byCurrency).toEqual([
      { currency: 'eur', currentMonthCents: 1350, totalCents: 1350 },
    ]);
    expect(body.recentContent.map((c) => c.title)).toEqual([
      'Counted 0',
      'Counted 1',
      'Counted 2',
      'Counted 3',
      'Counted 4',
      'Counted 5',
    ]);
    expect(res.body).toBe(zodText(DashboardResponse, JSON.parse(res.body)));
  });

  it('an item page is one statement, for an entitled and a locked viewer', async () => {
    const locked = await createUser(t);
    expect(await statementsOf(`/api/v1/items/${ids[1]}`, fan)).toBe(1);
    expect(await statementsOf(`/api/v1/items/${ids[1]}`, locked)).toBe(1);
    expect(await statementsOf(`/api/v1/items/${ids[1]}`)).toBe(1);
  });
});
