import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, warnings } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createItem, createUser, type TestUser } from '../test/factories';
import { operationsOf, type Operation } from '../test/openapi';

/*
 * SPEC §7's request helper sends `Content-Type: application/json` on every call, also on the
 * calls that take no body (follow, unfollow, the two warn calls). Such a request, with its empty
 * body, is answered as if no body had been sent; a call that needs a body still answers 400.
 */

let t: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await createUser(t, { role: 'moderator' });
});
afterAll(() => t.close());

const JSON_TYPE = { 'content-type': 'application/json' };

/** A POST as the SPEC's helper sends it without a payload: the JSON type, no bytes. */
const emptyJsonPost = (url: string, who: TestUser) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.auth, ...JSON_TYPE }, payload: '' });

describe('a call without a body, sent with Content-Type: application/json', () => {
  it('follows and unfollows (POST /api/creator/{username}/follow, /unfollow)', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const isFollowing = async () =>
      (
        await t.db
          .select()
          .from(follows)
          .where(and(eq(follows.creatorId, star.user.id), eq(follows.followerId, fan.user.id)))
      ).length === 1;

    const followed = await emptyJsonPost(`/api/creator/${star.user.username}/follow`, fan);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ following: true, followersCount: 1 });
    expect(await isFollowing()).toBe(true);

    const unfollowed = await emptyJsonPost(`/api/creator/${star.user.username}/unfollow`, fan);
    expect(unfollowed.statusCode, unfollowed.body).toBe(200);
    expect(unfollowed.json()).toEqual({ following: false, followersCount: 0 });
    expect(await isFollowing()).toBe(false);
  });

  it('warns a user with the default reason (POST /api/users/{id}/warn)', async () => {
    const fan = await createUser(t);
    const res = await emptyJsonPost(`/api/users/${fan.user.id}/warn`, moderator);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warning).toMatchObject({ userId: fan.user.id, itemId: null });
    const stored = await t.db.select().from(warnings).where(eq(warnings.userId, fan.user.id));
    expect(stored).toHaveLength(1);
  });

  it('warns the creator of an item (POST /api/content/{id}/warn)', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const item = await createItem(t, creator);
    const res = await emptyJsonPost(`/api/content/${item.id}/warn`, moderator);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warning).toMatchObject({ userId: creator.user.id, itemId: item.id });
  });

  it('still refuses a call that needs a body with the catalogue’s 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: JSON_TYPE,
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_field', field: 'body' });
  });

  it('still refuses a body that is not JSON; whitespace is not an empty body', async () => {
    for (const payload of ['{"', ' ', 'null x']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: JSON_TYPE,
        payload,
      });
      expect(bad.statusCode, payload).toBe(400);
    }
  });
});

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

/** Path parameters that pass each route's validation, so the body is what the answers turn on. */
function urlOf(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const schema = param?.schema as { format?: string; type?: string } | undefined;
    if (schema?.format === 'uuid') return ZERO_UUID;
    return name === 'username' ? 'nobody' : '1';
  });
}

const answerOf = (res: { statusCode: number; body: string }) => {
  let code: unknown;
  try {
    code = (JSON.parse(res.body) as { code?: unknown }).code;
  } catch {
    code = undefined; // not JSON
  }
  return { status: res.statusCode, code };
};

describe('every call that writes, signed out, with an empty JSON body', () => {
  // Signed out, so no call changes anything: each answers what it answers without a body
  // (401 for a signed-in call, 400 for a call that needs a body), never a refusal of the type.
  it('answers exactly as without a Content-Type', async () => {
    const operations = operationsOf(t.app).filter((op) => WRITES.has(op.method));
    expect(operations.length).toBeGreaterThan(40);
    const differing: string[] = [];
    for (const op of operations) {
      const method = op.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = urlOf(op);
      const withoutType = answerOf(await t.app.inject({ method, url }));
      const withType = answerOf(
        await t.app.inject({ method, url, headers: JSON_TYPE, payload: '' }),
      );
      if (withType.status !== withoutType.status || withType.code !== withoutType.code) {
        differing.push(
          `${op.method} ${op.path}: ${JSON.stringify(withType)} vs ${JSON.stringify(withoutType)}`,
        );
      }
    }
    expect(differing).toEqual([]);
  });
});
