import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemMeta } from '../events/record';
import { changeRole, promoteToCreator, setAccountStatus } from '../modules/users/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const meta = () => systemMeta(new Date());
const profileStatus = async (auth: { authorization: string }) =>
  (await t.app.inject({ url: '/api/v1/users/profile', headers: auth })).statusCode;

describe('auth guard', () => {
  it('resolves the current user with the role the database holds now', async () => {
    const { guards } = t.container;
    const { user, auth } = await createUser(t, { role: 'user' });
    const request = { headers: auth, viewer: null } as never as Parameters<
      typeof guards.requireAuth
    >[0];
    await guards.requireAuth.call(t.app, request, {} as never);
    expect(z.object({ id: z.string() }).parse(request.viewer).id).toBe(user.id);

    await t.db.transaction((tx) => promoteToCreator(tx, { id: user.id, role: 'user' }, 1, meta()));
    await guards.requireAuth.call(t.app, request, {} as never);
    expect(z.object({ role: z.string() }).parse(request.viewer).role).toBe('creator');
  });

  it('keeps a session through a promotion and ends it at once on a demotion', async () => {
    const { user, auth } = await createUser(t, { role: 'moderator' });
    await t.db.transaction((tx) => changeRole(tx, user.id, 'admin', null, 'test', meta()));
    expect(await profileStatus(auth)).toBe(200);
    await t.db.transaction((tx) => changeRole(tx, user.id, 'user', null, 'test', meta()));
    expect(await profileStatus(auth)).toBe(401);
  });

  it('ends a session at once on a suspension, and not on a reactivation of a new one', async () => {
    const { user, auth } = await createUser(t);
    expect(await profileStatus(auth)).toBe(200);
    await t.db.transaction((tx) => setAccountStatus(tx, user.id, 'suspended', null, 'x', meta()));
    expect(await profileStatus(auth)).toBe(401);
    await t.db.transaction((tx) => setAccountStatus(tx, user.id, 'active', null, 'x', meta()));
    // The old token stays dead: reactivation does not bring ended sessions back.
    expect(await profileStatus(auth)).toBe(401);
  });

  it('refuses a suspended user, a missing token and a forged one', async () => {
    const { guards } = t.container;
    const { user, auth } = await createUser(t);
    await t.db.transaction((tx) => setAccountStatus(tx, user.id, 'suspended', null, 'x', meta()));
    const call = (headers: Record<string, string>) =>
      guards.requireAuth.call(t.app, { headers, viewer: null } as never, {} as never);
    await expect(call(auth)).rejects.toMatchObject({ statusCode: 401 });
    await expect(call({})).rejects.toMatchObject({ statusCode: 401 });
    await expect(call({ authorization: 'Bearer a.b.c' })).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('requireRole answers 403 to a signed-in user of another role', async () => {
    const { guards } = t.container;
    const { auth } = await createUser(t, { role: 'user' });
    const guard = guards.requireRole(['admin']);
    await expect(
      guard.call(t.app, { headers: auth, viewer: null } as never, {} as never),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
