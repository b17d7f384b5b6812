import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubCreatorsPage, HubUsersPage } from '../../../common/schemas/hub';
import { itemComments, itemLikes, items, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createItem, createUser, follow, type TestUser } from '../../test/factories';
import { okJson } from './test-helpers';

/*
 * Creator mapping and the role-tool list (issue 15): search in any letter case, the status
 * mapping of docs/features.md, followers, engagement, and paging. Every search names this file's
 * own prefix, so other files' people never appear.
 */

let t: TestApp;
let studio: TestUser;
const prefix = uniqueName('map').slice(0, 14).toLowerCase();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  studio = await createUser(t, { role: 'studio' });
});
afterAll(() => t.close());

const creators = (query: string) =>
  okJson<HubCreatorsPage>(
    t.app.inject({ url: `/api/v1/hub/creators?${query}`, headers: studio.auth }),
  );

async function person(suffix: string, values: Partial<typeof users.$inferInsert> = {}) {
  return createUser(t, { username: `${prefix}_${suffix}`, ...values });
}

describe('GET /api/v1/hub/creators', () => {
  let active: TestUser;
  let pending: TestUser;
  let suspended: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    active = await person('Active', { role: 'creator', displayName: 'Zoë Loops' });
    pending = await person('pending', { role: 'creator', givenName: 'Paula', familyName: 'Waits' });
    suspended = await person('suspended', { role: 'creator', status: 'suspended' });
    // A user who published an item is a creator too, whatever the role says.
    seller = await person('seller', { role: 'hypr' });
    await person('fan');
    await person('gone', { role: 'creator', status: 'deleted' });

    const now = Date.now();
    const listed = await createItem(t, active);
    const second = await createItem(t, active);
    const hidden = await createItem(t, active);
    await t.db.update(items).set({ status: 'unavailable' }).where(eq(items.id, hidden.id));
    await createItem(t, suspended);
    const sellerItem = await createItem(t, seller);
    await t.db.update(items).set({ status: 'unavailable' }).where(eq(items.id, sellerItem.id));

    const fans = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    const banned = await createUser(t, { status: 'suspended' });
    // Likes and comments within 30 days on listed items count; older ones and those on the
    // unavailable item do not: (3 likes + 2 comments) / 2 listed items = 2.5. Raw rows: the like
    // service stamps the present and refuses an item nobody may see, and these need both.
    for (const fan of fans.slice(0, 3)) {
      await t.db
        .insert(itemLikes)
        .values({ itemId: listed.id, userId: fan.user.id, createdAt: new Date(now - DAY) });
    }
    await t.db
      .insert(itemLikes)
      .values({ itemId: second.id, userId: fans[3]!.user.id, createdAt: new Date(now - 31 * DAY) });
    await t.db.insert(itemLikes).values({ itemId: hidden.id, userId: fans[0]!.user.id });
    for (const fan of fans.slice(0, 2)) {
      await t.db.insert(itemComments).values({
        itemId: second.id,
        authorId: fan.user.id,
        text: 'nice',
        createdAt: new Date(now - 2 * DAY),
      });
    }
    // Followers with an active account: two of three.
    for (const follower of [fans[0]!, fans[1]!, banned]) await follow(t, follower, active);
  });

  it('maps every creator to active, pending or suspended, with followers and engagement', async () => {
    const page = await creators(`q=${prefix}`);
    expect(page.nextCursor).toBeNull();
    expect(page.creators).toEqual([
      {
        id: active.user.id,
        name: 'Zoë Loops',
        username: `${prefix}_Active`,
        status: 'active',
        followers: 2,
        engagement: 2.5,
      },
      {
        id: pending.user.id,
        name: 'Paula Waits',
        username: `${prefix}_pending`,
        status: 'pending',
        followers: 0,
        engagement: 0,
      },
      {
        id: seller.user.id,
        name: `${prefix}_seller`,
        username: `${prefix}_seller`,
        status: 'pending',
        followers: 0,
        engagement: 0,
      },
      {
        id: suspended.user.id,
        name: `${prefix}_suspended`,
        username: `${prefix}_suspended`,
        status: 'suspended',
        followers: 0,
        engagement: 0,
      },
    ]);
  });

  it('searches name and username in any letter case', async () => {
    expect((await creators(`q=${prefix.toUpperCase()}_ACTIVE`)).creators.map((c) => c.id)).toEqual([
      active.user.id,
    ]);
    expect((await creators('q=zo%C3%AB%20LOOPS')).creators.map((c) => c.id)).toContain(
      active.user.id,
    );
    expect((await creators('q=paula%20WAITS')).creators.map((c) => c.id)).toContain(
      pending.user.id,
    );
    // % and _ are text, not wildcards.
    expect((await creators(`q=${prefix}%25`)).creators).toEqual([]);
    expect((await creators(`q=${prefix}_fan`)).creators).toEqual([]);
  });

  it('filters by status', async () => {
    const ids = async (status: string) =>
      (await creators(`q=${prefix}&status=${status}`)).creators.map((c) => c.username);
    expect(await ids('active')).toEqual([`${prefix}_Active`]);
    expect(await ids('pending')).toEqual([`${prefix}_pending`, `${prefix}_seller`]);
    expect(await ids('suspended')).toEqual([`${prefix}_suspended`]);
    expect(await ids('all')).toHaveLength(4);
  });

  it('pages by username with an opaque cursor', async () => {
    const first = await creators(`q=${prefix}&limit=3`);
    expect(first.creators).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await creators(`q=${prefix}&limit=3&cursor=${first.nextCursor}`);
    expect(second.creators.map((c) => c.username)).toEqual([`${prefix}_suspended`]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'status=banned',
      'limit=0',
      'limit=101',
      'limit=x',
      'cursor=***',
      `cursor=${Buffer.from('["UPPER"]').toString('base64url')}`,
      `cursor=${Buffer.from('[""]').toString('base64url')}`,
      `q=${'q'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({
        url: `/api/v1/hub/creators?${query}`,
        headers: studio.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });
});

describe('GET /api/v1/hub/users', () => {
  it('lists people by role and by name or email, deleted accounts left out', async () => {
    const mod = await person('mod', { role: 'moderator', displayName: 'Mona Moderates' });
    const off = await person('off', { status: 'suspended' });
    const deleted = await person('deleted', { status: 'deleted' });
    const users = (query: string) =>
      okJson<HubUsersPage>(
        t.app.inject({ url: `/api/v1/hub/users?${query}`, headers: studio.auth }),
      );

    const all = (await users(`q=${prefix}&limit=100`)).users;
    expect(all.map((u) => u.id)).not.toContain(deleted.user.id);
    expect(all.find((u) => u.id === off.user.id)).toMatchObject({ active: false, role: 'user' });
    expect(all.find((u) => u.id === mod.user.id)).toMatchObject({
      name: 'Mona Moderates',
      email: mod.user.email,
      role: 'moderator',
      active: true,
    });
    expect((await users(`q=${prefix}&role=moderator`)).users.map((u) => u.id)).toEqual([
      mod.user.id,
    ]);
    expect((await users(`q=MONA moder`)).users.map((u) => u.id)).toContain(mod.user.id);
    // By email, in any letter case.
    expect((await users(`q=${mod.user.email.toUpperCase()}`)).users.map((u) => u.id)).toEqual([
      mod.user.id,
    ]);
    for (const query of ['role=king', 'limit=0', 'cursor=%2F%2F']) {
      const res = await t.app.inject({ url: `/api/v1/hub/users?${query}`, headers: studio.auth });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
