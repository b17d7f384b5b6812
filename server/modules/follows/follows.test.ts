import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowResponse } from '../../../common/schemas/follows';
import { follows, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Action = 'follow' | 'unfollow';

const call = (action: Action, username: string, who: TestUser | null, payload?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/creator/${encodeURIComponent(username)}/${action}`,
    headers: {
      ...(who?.auth ?? {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });

async function ok(action: Action, username: string, who: TestUser): Promise<FollowResponse> {
  const res = await call(action, username, who);
  expect(res.statusCode, res.body).toBe(200);
  return FollowResponse.parse(res.json());
}

/** Follow rows in the database for a creator: what every answer must agree with. */
async function storedFollowers(creatorId: string): Promise<string[]> {
  const rows = await t.db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(eq(follows.creatorId, creatorId));
  return rows.map((r) => r.followerId).sort();
}

const creator = () => createUser(t, { role: 'creator' });

describe('POST /api/creator/{username}/follow and /unfollow', () => {
  it('follows and unfollows, answering the state and the stored count', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const other = await createUser(t);

    expect(await ok('follow', star.user.username, fan)).toEqual({
      following: true,
      followersCount: 1,
    });
    expect(await ok('follow', star.user.username, other)).toEqual({
      following: true,
      followersCount: 2,
    });
    expect(await storedFollowers(star.user.id)).toEqual([fan.user.id, other.user.id].sort());

    expect(await ok('unfollow', star.user.username, fan)).toEqual({
      following: false,
      followersCount: 1,
    });
    expect(await storedFollowers(star.user.id)).toEqual([other.user.id]);
  });

  it('is idempotent: following twice or unfollowing a stranger changes nothing', async () => {
    const star = await creator();
    const fan = await createUser(t);
    expect(await ok('unfollow', star.user.username, fan)).toEqual({
      following: false,
      followersCount: 0,
    });
    await ok('follow', star.user.username, fan);
    expect(await ok('follow', star.user.username, fan)).toEqual({
      following: true,
      followersCount: 1,
    });
    await ok('unfollow', star.user.username, fan);
    expect(await ok('unfollow', star.user.username, fan)).toEqual({
      following: false,
      followersCount: 0,
    });
    expect(await storedFollowers(star.user.id)).toEqual([]);
  });

  it('counts one follow under 20 simultaneous requests of one fan', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('follow', star.user.username, fan)),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ following: true, followersCount: 1 });
    }
    expect(await storedFollowers(star.user.id)).toEqual([fan.user.id]);
  });

  it('finds the creator in any letter case', async () => {
    const star = await creator();
    const fan = await createUser(t);
    expect((await ok('follow', star.user.username.toUpperCase(), fan)).following).toBe(true);
    expect(await storedFollowers(star.user.id)).toEqual([fan.user.id]);
  });

  it('lets anyone who publishes be followed, but not a fan without items', async () => {
    const fan = await createUser(t);
    const plain = await createUser(t);
    const res = await call('follow', plain.user.username, fan);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Only creators can be followed', code: 'not_followable' });
    expect(await storedFollowers(plain.user.id)).toEqual([]);

    // Staff who publish are followed like creators.
    const publishingAdmin = await createUser(t, { role: 'admin' });
    await createItem(t, publishingAdmin);
    expect(await ok('follow', publishingAdmin.user.username, fan)).toEqual({
      following: true,
      followersCount: 1,
    });

    // Having items is what counts, whatever the role says.
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, publishingAdmin.user.id));
    expect((await ok('follow', publishingAdmin.user.username, fan)).followersCount).toBe(1);

    // Unfollowing always works, even once the person is no longer a creator.
    const star = await creator();
    await ok('follow', star.user.username, fan);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, star.user.id));
    expect(await ok('unfollow', star.user.username, fan)).toEqual({
      following: false,
      followersCount: 0,
    });
  });

  it.each(['follow', 'unfollow'] as const)('refuses to %s yourself', async (action) => {
    const star = await creator();
    const res = await call(action, star.user.username, star);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You cannot follow yourself', code: 'cannot_follow_self' });
    expect(await storedFollowers(star.user.id)).toEqual([]);
  });

  it.each(['follow', 'unfollow'] as const)('%s needs a live token', async (action) => {
    const star = await creator();
    const signedOut = await call(action, star.user.username, null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Sign-in required', code: 'sign_in_required' });

    const fan = await createUser(t);
    const forged = { ...fan, auth: { authorization: `Bearer ${fan.token}x` } };
    expect((await call(action, star.user.username, forged)).statusCode).toBe(401);

    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, fan.user.id));
    expect((await call(action, star.user.username, fan)).statusCode).toBe(401);
    expect(await storedFollowers(star.user.id)).toEqual([]);
  });

  it.each([
    ['an unknown name', 'nobody_here_at_all'],
    ['a quote', "x'--"],
    ['spaces', 'a b c'],
    ['a too long name', 'a'.repeat(31)],
    ['a percent sign', '100%'],
    ['unicode', 'jösé'],
  ])('answers 404 for %s', async (_what, username) => {
    const fan = await createUser(t);
    for (const action of ['follow', 'unfollow'] as const) {
      const res = await call(action, username, fan);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'Creator not found', code: 'creator_not_found' });
    }
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(eq(follows.followerId, fan.user.id));
    expect(row?.n).toBe(0);
  });

  it('hides a suspended creator (404) and does not count suspended followers', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const leaving = await createUser(t);
    await ok('follow', star.user.username, fan);
    await ok('follow', star.user.username, leaving);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, leaving.user.id));
    expect((await ok('follow', star.user.username, fan)).followersCount).toBe(1);

    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, star.user.id));
    const hidden = await call('follow', star.user.username, fan);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Creator not found', code: 'creator_not_found' });
  });

  it('ignores a body and refuses broken JSON without storing anything', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const broken = await call('follow', star.user.username, fan, '{"following":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('error');
    expect(await storedFollowers(star.user.id)).toEqual([]);

    // Whatever a body says, the path decides: unfollow with {"following": true} unfollows.
    await ok('follow', star.user.username, fan);
    const res = await call('unfollow', star.user.username, fan, '{"following":true}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ following: false, followersCount: 0 });
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(and(eq(follows.followerId, fan.user.id), eq(follows.creatorId, star.user.id)));
    expect(row?.n).toBe(0);
  });

  it('answers only POST', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/creator/${star.user.username}/follow`,
      headers: fan.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(await storedFollowers(star.user.id)).toEqual([]);
  });
});
