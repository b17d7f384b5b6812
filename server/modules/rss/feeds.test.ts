import Parser from 'rss-parser';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedLink, FeedLinksResponse } from '../../../common/schemas/feeds';
import { entitlements, items } from '../../db/schema/index';
import {
  createUser,
  follow,
  grantMembership,
  grantPurchase,
  type TestUser,
} from '../../test/factories';
import { publishItem } from '../items/test-helpers';
import { createMediaTestApp, type MediaTestApp } from '../media/test-helpers';

/*
 * RSS feeds (issue 42), read with a real feed parser: the public feed holds only free listed
 * items; a private feed holds what its person may open, with podcast enclosures that work while
 * its link does; a reset, an ended membership or a suspension stops a link.
 */

interface ParsedItem {
  title?: string;
  guid?: string;
  enclosure?: { url: string; length?: string; type?: string };
  itunes?: { explicit?: string };
}
const parser = new Parser<{ 'itunes:block'?: string }, ParsedItem>({
  customFields: { feed: ['itunes:block'] },
});

let t: MediaTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createMediaTestApp({ env: { PUBLIC_URL: 'https://feeds.aura.example' } });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const pathOf = (url: string) => new URL(url).pathname;

async function rotate(who: TestUser, creatorId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/users/feeds/${creatorId}/rotate`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return FeedLink.parse(res.json());
}

async function parsed(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  return { res, feed: await parser.parseString(res.body) };
}

/** A creator with a free podcast episode, a paid one, a Hypr one, a scheduled and a hidden one. */
async function creatorWithItems() {
  const creator = await createUser(t, {
    role: 'creator',
    displayName: 'Ada & <Co> "Sounds"',
    bio: 'Loops </description><script>x</script>',
  });
  const free = await publishItem(
    t,
    creator,
    { price: '0', title: 'Free <episode> & more', explicitContent: true },
    { audio: true },
  );
  const paid = await publishItem(
    t,
    creator,
    { price: '4.99', title: 'Paid episode' },
    { audio: true },
  );
  const members = await publishItem(
    t,
    creator,
    { price: '0', tierRequired: 'Hypr', title: 'Members episode' },
    { video: true },
  );
  const scheduled = await publishItem(
    t,
    creator,
    { price: '0', title: 'Scheduled episode', publishAt: inHours(3).toISOString() },
    { audio: true },
  );
  const hidden = await publishItem(
    t,
    creator,
    { price: '0', title: 'Hidden episode' },
    { audio: true },
  );
  const hide = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/content/${hidden.id}/hide`,
    headers: admin.auth,
    payload: {},
  });
  expect(hide.statusCode, hide.body).toBe(200);
  return {
    creator,
    ids: {
      free: free.id,
      paid: paid.id,
      members: members.id,
      scheduled: scheduled.id,
      hidden: hidden.id,
    },
  };
}

const titles = (feed: { items: ParsedItem[] }) => feed.items.map((item) => item.title).sort();

describe('the public feed', () => {
  it('lists only free, listed items, escapes creator text and has podcast tags', async () => {
    const { creator } = await creatorWithItems();
    const { res, feed } = await parsed(`/api/v1/feeds/${creator.user.username}.rss`);
    expect(titles(feed)).toEqual(['Free <episode> & more']);
    expect(feed.title).toBe('Ada & <Co> "Sounds"');
    expect(feed.description).toBe('Loops </description><script>x</script>');
    expect(res.body).not.toContain('<script>');
    expect(feed.itunes).toMatchObject({ author: 'Ada & <Co> "Sounds"', explicit: 'true' });
    expect(feed.itunes?.categories).toBeDefined();
    const [item] = feed.items;
    expect(item?.enclosure?.type).toBe('audio/wav');
    expect(Number(item?.enclosure?.length)).toBeGreaterThan(0);
    // A free item's audio is public.
    const media = await get(pathOf(item!.enclosure!.url));
    expect(media.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('answers 304 to a client holding the same document, by ETag or by date', async () => {
    const { creator } = await creatorWithItems();
    const url = `/api/v1/feeds/${creator.user.username}.rss`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // A new free item changes the feed.
    await publishItem(t, creator, { price: '0', title: 'Second' }, {});
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('is 404 for an unknown or suspended creator, and 4xx for bad input', async () => {
    expect((await get('/api/v1/feeds/nobody_here_at_all.rss')).statusCode).toBe(404);
    const { creator } = await creatorWithItems();
    await suspend(creator);
    const gone = await get(`/api/v1/feeds/${creator.user.username}.rss`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'feed_not_found' });
    expect((await get(`/api/v1/feeds/${'x'.repeat(80)}.rss`)).statusCode).toBe(400);
  });
});

async function suspend(who: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${who.user.id}/suspend`,
    headers: admin.auth,
    payload: { reason: 'Testing feeds' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * `count` copies of an item, each a second newer than the last, all newer than the original:
 * raw rows in one statement, as a hundred service calls would be most of the file's time.
 */
async function newerCopiesOf(itemId: number, count: number) {
  await t.db.execute(sql`
    insert into items (creator_id, title, description, price_cents, currency, image_key,
      image_preview_key, status, tags, category, subcategory, tier_required, created_at)
    select creator_id, title || ' ' || n, description, price_cents, currency, image_key,
      image_preview_key, status, tags, category, subcategory, tier_required,
      now() + n * interval '1 second'
    from items, generate_series(1, ${count}) as n where id = ${itemId}`);
}

describe('behind many items a reader cannot open', () => {
  it('a feed still shows the newest ones that reader can, up to 100', async () => {
    const { creator, ids } = await creatorWithItems();
    // More paid items than a feed holds, all newer than the free one.
    await newerCopiesOf(ids.paid, 120);
    const { feed } = await parsed(`/api/v1/feeds/${creator.user.username}.rss`);
    expect(titles(feed)).toEqual(['Free <episode> & more']);

    const follower = await createUser(t);
    await follow(t, follower, creator);
    const link = await rotate(follower, creator.user.id);
    expect(titles((await parsed(pathOf(link.url!))).feed)).toEqual(['Free <episode> & more']);

    // A buyer of everything gets the 100 newest.
    const buyer = await createUser(t);
    await grantMembership(t, buyer, creator, 'HyprSoul', inHours(24 * 30));
    const paidCopies = await t.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.creatorId, creator.user.id), gt(items.priceCents, 0)));
    for (const row of paidCopies) await grantPurchase(t, buyer, row.id);
    const buyerLink = await rotate(buyer, creator.user.id);
    const buyerTitles = titles((await parsed(pathOf(buyerLink.url!))).feed);
    expect(buyerTitles).toHaveLength(100);
    expect(buyerTitles).toContain('Paid episode 120');
    expect(buyerTitles).toContain('Paid episode 21');
    expect(buyerTitles).not.toContain('Paid episode 20');
    expect(buyerTitles).not.toContain('Free <episode> & more');
  });
});

describe('a private feed', () => {
  it('holds every item its person may open, none locked, none scheduled or hidden', async () => {
    const { creator, ids } = await creatorWithItems();
    const member = await createUser(t);
    await grantMembership(t, member, creator, 'Hypr', inHours(24 * 30));
    await grantPurchase(t, member, ids.paid);
    const follower = await createUser(t);
    await follow(t, follower, creator);

    const memberLink = await rotate(member, creator.user.id);
    expect(memberLink.basis).toBe('member');
    const memberFeed = (await parsed(pathOf(memberLink.url!))).feed;
    expect(titles(memberFeed)).toEqual([
      'Free <episode> & more',
      'Members episode',
      'Paid episode',
    ]);
    expect(memberFeed['itunes:block']).toBe('Yes');

    const followerLink = await rotate(follower, creator.user.id);
    expect(followerLink.basis).toBe('follower');
    const followerFeed = (await parsed(pathOf(followerLink.url!))).feed;
    expect(titles(followerFeed)).toEqual(['Free <episode> & more']);
  });

  it('has enclosures that play while the link works, and GUIDs stable across requests', async () => {
    const { creator, ids } = await creatorWithItems();
    const member = await createUser(t);
    await grantMembership(t, member, creator, 'Hypr', inHours(24 * 30));
    const link = await rotate(member, creator.user.id);
    const first = (await parsed(pathOf(link.url!))).feed;
    const second = (await parsed(pathOf(link.url!))).feed;
    expect(second.items.map((i) => i.guid)).toEqual(first.items.map((i) => i.guid));
    const video = first.items.find((i) => i.title === 'Members episode')!;
    expect(video.guid).toBe(`aura:feeds.aura.example:item:${ids.members}`);
    expect(video.enclosure).toMatchObject({ type: 'video/mp4' });
    expect(Number(video.enclosure?.length)).toBeGreaterThan(0);
    const played = await get(pathOf(video.enclosure!.url));
    expect(played.statusCode).toBe(302);
    const signed = new URL(String(played.headers.location));
    const file = await get(`${signed.pathname}${signed.search}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');

    // After a reset the old link and its enclosures answer 404 with no data.
    const fresh = await rotate(member, creator.user.id);
    expect(fresh.url).not.toBe(link.url);
    const old = await get(pathOf(link.url!));
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain('episode');
    expect((await get(pathOf(video.enclosure!.url))).statusCode).toBe(404);
    // The new link has the same GUIDs.
    const renewed = (await parsed(pathOf(fresh.url!))).feed;
    expect(renewed.items.map((i) => i.guid).sort()).toEqual(first.items.map((i) => i.guid).sort());
  });

  it('stops when the membership it was made under ends', async () => {
    const { creator } = await creatorWithItems();
    const member = await createUser(t);
    await grantMembership(t, member, creator, 'Hypr', inHours(24));
    await follow(t, member, creator);
    const link = await rotate(member, creator.user.id);
    expect((await get(pathOf(link.url!))).statusCode).toBe(200);
    await t.db
      .update(entitlements)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(entitlements.userId, member.user.id));
    expect((await get(pathOf(link.url!))).statusCode).toBe(404);
    // The settings offer a new link (as a follower now), without the member items.
    const listed = FeedLinksResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/users/feeds', headers: member.auth })
      ).json(),
    );
    expect(listed.feeds).toEqual([
      expect.objectContaining({ creatorId: creator.user.id, basis: 'follower', url: null }),
    ]);
    const fresh = await rotate(member, creator.user.id);
    expect(titles((await parsed(pathOf(fresh.url!))).feed)).toEqual(['Free <episode> & more']);
  });

  it('stops when its person or its creator is suspended', async () => {
    const { creator } = await creatorWithItems();
    const fan = await createUser(t);
    await follow(t, fan, creator);
    const link = await rotate(fan, creator.user.id);
    expect((await get(pathOf(link.url!))).statusCode).toBe(200);
    await suspend(fan);
    expect((await get(pathOf(link.url!))).statusCode).toBe(404);

    const other = await creatorWithItems();
    const reader = await createUser(t);
    await follow(t, reader, other.creator);
    const readerLink = await rotate(reader, other.creator.user.id);
    await suspend(other.creator);
    expect((await get(pathOf(readerLink.url!))).statusCode).toBe(404);
  });

  it('is 404 for a wrong, malformed or other creator’s token, with no data', async () => {
    const { creator } = await creatorWithItems();
    const other = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await follow(t, fan, creator);
    const link = await rotate(fan, creator.user.id);
    const token = pathOf(link.url!)
      .split('/')
      .at(-1)!
      .replace(/\.rss$/, '');
    for (const url of [
      `/api/v1/feeds/${creator.user.username}/${'A'.repeat(43)}.rss`,
      `/api/v1/feeds/${creator.user.username}/short.rss`,
      `/api/v1/feeds/${other.user.username}/${token}.rss`,
      `/api/v1/feeds/${creator.user.username}/${token}/media/999999999`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'feed_not_found' });
    }
    expect(
      (await get(`/api/v1/feeds/${creator.user.username}/${token}/media/abc`)).statusCode,
    ).toBe(400);
  });
});

describe('feed links in the account settings', () => {
  it('lists the creators followed or joined, and makes links only for those', async () => {
    const { creator } = await creatorWithItems();
    const stranger = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await follow(t, fan, creator);
    const before = FeedLinksResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/feeds', headers: fan.auth })).json(),
    );
    expect(before.feeds).toEqual([
      {
        creatorId: creator.user.id,
        username: creator.user.username,
        displayName: 'Ada & <Co> "Sounds"',
        basis: 'follower',
        url: null,
        publicUrl: `https://feeds.aura.example/api/v1/feeds/${creator.user.username}.rss`,
      },
    ]);
    const made = await rotate(fan, creator.user.id);
    const after = FeedLinksResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/feeds', headers: fan.auth })).json(),
    );
    expect(after.feeds[0]?.url).toBe(made.url);

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/feeds/${stranger.user.id}/rotate`,
      headers: fan.auth,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'feed_link_unavailable' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/feeds/${crypto.randomUUID()}/rotate`,
      headers: fan.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/feeds/not-a-uuid/rotate',
      headers: fan.auth,
    });
    expect(malformed.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/users/feeds' });
    expect(signedOut.statusCode).toBe(401);
  });
});
