import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ItemDetail,
  OwnItem,
  OwnItemList,
  UpdateItemResponse,
} from '../../../common/schemas/items';
import { PublicProfileResponse } from '../../../common/schemas/users';
import { auditEvents, items } from '../../db/schema/index';
import { PUBLISHING_JOB } from '../../jobs/scheduled-publishing';
import type { TestApp } from '../../test/app';
import { createUser, grantMembership, type TestUser } from '../../test/factories';
import { topUp } from '../billing/test-helpers';
import { feedPagesUntil } from '../feed/test-helpers';
import { createMediaTestApp, uploadOk } from '../media/test-helpers';
import { publishDueItems } from './scheduling';
import { createItemRequest, itemForm, publishItem } from './test-helpers';

let t: TestApp;
const clock = { at: new Date('2031-05-10T12:00:00Z'), now: () => clock.at };
const HOUR = 3600_000;
const inHours = (hours: number) => new Date(clock.at.getTime() + hours * HOUR).toISOString();

beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  user: TestUser | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const storedItem = async (id: number) => {
  const [row] = await t.db.select().from(items).where(eq(items.id, id));
  if (!row) throw new Error(`item ${id} is gone`);
  return row;
};

const publishedEvents = (itemId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectType, 'item'),
        eq(auditEvents.subjectId, String(itemId)),
        eq(auditEvents.action, 'item.published'),
      ),
    )
    .orderBy(asc(auditEvents.id));

/** A creator's item scheduled `hours` from now, with the form the web would send to edit it. */
async function scheduledItem(hours: number, overrides: Record<string, unknown> = {}) {
  const creator = await createUser(t, { role: 'creator' });
  const publishAt = inHours(hours);
  const created = await publishItem(t, creator, { publishAt, ...overrides }, {});
  const image = (await uploadOk(t, creator, 'image')).url;
  return { creator, id: created.id, created, publishAt, form: itemForm(image, overrides) };
}

const sitemap = async () => (await t.app.inject({ url: '/sitemap.xml' })).body;
const inSitemap = (xml: string, id: number) => xml.includes(`/product/${id}<`);

describe('a scheduled item before its time', () => {
  it('is its owner’s and staff’s only: not in feed, profile, sitemap, item page or checkout for anyone else, members included', async () => {
    const { creator, id, created, publishAt } = await scheduledItem(2, {
      price: '0',
      tierRequired: 'Hypr',
    });
    expect(created.item).toMatchObject({ status: 'scheduled', publishAt });
    const member = await createUser(t);
    await grantMembership(
      t,
      member,
      creator,
      'Hypr',
      new Date(clock.at.getTime() + 90 * 24 * HOUR),
    );
    const fan = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });

    for (const viewer of [creator, admin]) {
      const page = await call('GET', `/api/v1/items/${id}`, viewer);
      expect(page.statusCode, page.body).toBe(200);
      expect(ItemDetail.parse(page.json())).toMatchObject({ status: 'scheduled', publishAt });
    }
    for (const viewer of [member, fan, null]) {
      expect((await call('GET', `/api/v1/items/${id}`, viewer)).statusCode).toBe(404);
    }
    for (const viewer of [member, fan]) {
      const feed = await feedPagesUntil(t, viewer, [id]);
      expect(feed.posts.has(id)).toBe(false);
      const profile = PublicProfileResponse.parse(
        (await call('GET', `/api/v1/users/${creator.user.id}`, viewer)).json(),
      );
      expect(profile.content.map((c) => c.id)).not.toContain(id);
    }
    expect(inSitemap(await sitemap(), id)).toBe(false);
  });

  it('cannot be bought, and a purchase refusal says nothing about it', async () => {
    const { id } = await scheduledItem(3, { price: '4.00' });
    const fan = await createUser(t);
    await topUp(t, fan, '10.00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/unlock',
      headers: { ...fan.auth, 'idempotency-key': `sched-${id}` },
      payload: { itemId: id },
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('is listed by GET /api/v1/aura/scheduled for its owner only, soonest first, with its time', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const later = await publishItem(t, creator, { publishAt: inHours(48) }, {});
    const sooner = await publishItem(t, creator, { publishAt: inHours(5) }, {});
    await publishItem(t, creator, {}, {});
    const res = await call('GET', '/api/v1/aura/scheduled', creator);
    expect(res.statusCode, res.body).toBe(200);
    const list = OwnItemList.parse(res.json());
    expect(list.items.map((i) => [i.id, i.publishAt])).toEqual([
      [sooner.id, inHours(5)],
      [later.id, inHours(48)],
    ]);
    expect(list.items[0]?.abilities).toMatchObject({ canPublish: true, canUnpublish: true });

    const other = await createUser(t, { role: 'creator' });
    expect(OwnItemList.parse((await call('GET', '/api/v1/aura/scheduled', other)).json())).toEqual({
      items: [],
    });
    expect((await call('GET', '/api/v1/aura/scheduled', null)).statusCode).toBe(401);
  });
});

describe('refused schedules', () => {
  const bad = [
    'tomorrow',
    '2031-05-11T10:00',
    '2031-05-11',
    '2031-02-30T10:00:00Z',
    new Date(clock.at.getTime() - 1000).toISOString(),
    new Date(clock.at.getTime()).toISOString(),
    new Date(clock.at.getTime() + 366 * 24 * HOUR).toISOString(),
  ];

  it('answers 400 item_publish_at_invalid on create and creates nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const image = (await uploadOk(t, creator, 'image')).url;
    for (const publishAt of bad) {
      const res = await createItemRequest(t, creator, itemForm(image, { publishAt }));
      expect(res.statusCode, publishAt).toBe(400);
      expect(res.json().code, publishAt).toBe('item_publish_at_invalid');
    }
    const rows = await t.db.select().from(items).where(eq(items.creatorId, creator.user.id));
    expect(rows).toEqual([]);
    // A year ahead to the millisecond is still accepted.
    const edge = new Date(clock.at.getTime() + 365 * 24 * HOUR).toISOString();
    expect(
      (await createItemRequest(t, creator, itemForm(image, { publishAt: edge }))).statusCode,
    ).toBe(201);
  });

  it('answers 400 on edit and leaves the item as it was', async () => {
    const { creator, id, form, publishAt } = await scheduledItem(6);
    const before = await storedItem(id);
    for (const value of bad) {
      const res = await call('PATCH', `/api/v1/aura/${id}`, creator, {
        ...form,
        title: 'Changed',
        publishAt: value,
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().code).toBe('item_publish_at_invalid');
    }
    expect(await storedItem(id)).toEqual(before);
    expect(before.publishAt?.toISOString()).toBe(publishAt);
  });
});

describe('who may change a schedule', () => {
  it('answers 401 signed out, 404 to others who cannot see it, 403 to staff who can', async () => {
    const { id, form } = await scheduledItem(4);
    const fan = await createUser(t);
    const otherCreator = await createUser(t, { role: 'creator' });
    const admin = await createUser(t, { role: 'admin' });
    const moved = { ...form, publishAt: inHours(8) };
    const calls = [
      ['PATCH', `/api/v1/aura/${id}`, moved],
      ['POST', `/api/v1/aura/${id}/publish`, undefined],
      ['POST', `/api/v1/aura/${id}/unpublish`, undefined],
    ] as const;
    const before = await storedItem(id);
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      expect((await call(method, url, fan, payload)).statusCode).toBe(404);
      expect((await call(method, url, otherCreator, payload)).statusCode).toBe(404);
      expect((await call(method, url, admin, payload)).statusCode).toBe(403);
    }
    expect(await storedItem(id)).toEqual(before);
    expect(await publishedEvents(id)).toEqual([]);
  });
});

describe('publishing at the time', () => {
  it('publishes a due item once, however many sweeps run, and only when due', async () => {
    const { id, publishAt, creator } = await scheduledItem(1);
    const fan = await createUser(t);
    expect(await publishDueItems(t.db, clock.at)).not.toContain(id);
    expect((await storedItem(id)).status).toBe('scheduled');

    clock.at = new Date(new Date(publishAt).getTime() + 1000);
    const results = await Promise.all([
      publishDueItems(t.db, clock.at),
      publishDueItems(t.db, clock.at),
      t.container.jobs.runPeriodic(PUBLISHING_JOB),
    ]);
    expect(results[0].concat(results[1]).filter((x) => x === id)).toHaveLength(1);
    expect(await publishDueItems(t.db, clock.at)).not.toContain(id);
    await t.container.jobs.runPeriodic(PUBLISHING_JOB);

    const row = await storedItem(id);
    expect(row).toMatchObject({ status: 'available', publishAt: null });
    // Shown as new in the feed: it dates from its scheduled time.
    expect(row.createdAt.toISOString()).toBe(publishAt);
    const events = await publishedEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]?.actorId).toBeNull();

    expect((await call('GET', `/api/v1/items/${id}`, fan)).statusCode).toBe(200);
    expect((await feedPagesUntil(t, fan, [id])).posts.has(id)).toBe(true);
    const profile = PublicProfileResponse.parse(
      (await call('GET', `/api/v1/users/${creator.user.id}`, fan)).json(),
    );
    expect(profile.content.map((c) => c.id)).toContain(id);
    expect(inSitemap(await sitemap(), id)).toBe(true);
  });

  it('publishes on the first run after a stop that missed the moment by days', async () => {
    const { id, publishAt } = await scheduledItem(2);
    clock.at = new Date(clock.at.getTime() + 3 * 24 * HOUR);
    await t.container.jobs.runPeriodic(PUBLISHING_JOB);
    const row = await storedItem(id);
    expect(row.status).toBe('available');
    expect(row.createdAt.toISOString()).toBe(publishAt);
    expect(await publishedEvents(id)).toHaveLength(1);
  });
});

describe('moving, publishing now and cancelling', () => {
  it('moves the time with PATCH publishAt; the item stays scheduled and waits for the new time', async () => {
    const { creator, id, form } = await scheduledItem(2);
    const res = await call('PATCH', `/api/v1/aura/${id}`, creator, {
      ...form,
      publishAt: inHours(30),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(UpdateItemResponse.parse(res.json()).item).toMatchObject({
      status: 'scheduled',
      publishAt: inHours(30),
    });
    const first = clock.at;
    clock.at = new Date(first.getTime() + 3 * HOUR);
    expect(await publishDueItems(t.db, clock.at)).not.toContain(id);
    clock.at = new Date(first.getTime() + 31 * HOUR);
    expect(await publishDueItems(t.db, clock.at)).toContain(id);
    expect(await publishedEvents(id)).toHaveLength(1);
  });

  it('publishes now with POST publish, once: the sweep at the old time publishes nothing', async () => {
    const { creator, id } = await scheduledItem(2);
    const res = await call('POST', `/api/v1/aura/${id}/publish`, creator);
    expect(res.statusCode, res.body).toBe(200);
    expect(OwnItem.parse(res.json())).toMatchObject({ status: 'available', publishAt: null });
    expect((await storedItem(id)).createdAt.toISOString()).toBe(clock.at.toISOString());
    clock.at = new Date(clock.at.getTime() + 3 * HOUR);
    expect(await publishDueItems(t.db, clock.at)).not.toContain(id);
    expect(await publishedEvents(id)).toHaveLength(1);
  });

  it('cancels with POST unpublish: the item stays unavailable, unseen, and is never published', async () => {
    const { creator, id } = await scheduledItem(2);
    const res = await call('POST', `/api/v1/aura/${id}/unpublish`, creator);
    expect(res.statusCode, res.body).toBe(200);
    expect(OwnItem.parse(res.json())).toMatchObject({ status: 'unavailable', publishAt: null });
    clock.at = new Date(clock.at.getTime() + 3 * HOUR);
    expect(await publishDueItems(t.db, clock.at)).not.toContain(id);
    expect(await publishedEvents(id)).toEqual([]);
    const fan = await createUser(t);
    expect((await call('GET', `/api/v1/items/${id}`, fan)).statusCode).toBe(404);
  });

  it('takes the form’s status again when PATCH leaves publishAt out', async () => {
    const { creator, id, form } = await scheduledItem(2);
    const res = await call('PATCH', `/api/v1/aura/${id}`, creator, {
      ...form,
      status: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(UpdateItemResponse.parse(res.json()).item).toMatchObject({
      status: 'available',
      publishAt: null,
    });
    expect(await publishedEvents(id)).toHaveLength(1);
  });
});

// Two app instances on one PostgreSQL database, as behind a load balancer (CI sets it).
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
describe.runIf(databaseUrl)('scheduled publishing across two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createMediaTestApp({ clock });
  });
  afterAll(() => b?.close());

  it('publishes a due item once when both instances sweep at the same moment', async () => {
    const { id, publishAt } = await scheduledItem(1);
    clock.at = new Date(new Date(publishAt).getTime() + 1);
    const runs = await Promise.all([
      t.container.jobs.runPeriodic(PUBLISHING_JOB),
      b.container.jobs.runPeriodic(PUBLISHING_JOB),
      publishDueItems(t.db, clock.at),
      publishDueItems(b.db, clock.at),
    ]);
    expect(runs.length).toBe(4);
    expect((await storedItem(id)).status).toBe('available');
    expect(await publishedEvents(id)).toHaveLength(1);
  });
});
