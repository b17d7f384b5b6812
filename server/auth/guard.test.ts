import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createGuards } from './guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('auth guard', () => {
  it('resolves the current user and refuses once the role changes', async () => {
    const guards = createGuards(t.db, t.tokens);
    const { user, auth } = await createUser(t, { role: 'creator' });
    const request = { headers: auth, viewer: null } as never as Parameters<
      typeof guards.requireAuth
    >[0];
    await guards.requireAuth.call(t.app, request, {} as never);
    expect(z.object({ id: z.string() }).parse(request.viewer).id).toBe(user.id);

    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    await expect(guards.requireAuth.call(t.app, request, {} as never)).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('refuses a suspended user, a missing token and a forged one', async () => {
    const guards = createGuards(t.db, t.tokens);
    const { user, auth } = await createUser(t);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const call = (headers: Record<string, string>) =>
      guards.requireAuth.call(t.app, { headers, viewer: null } as never, {} as never);
    await expect(call(auth)).rejects.toMatchObject({ statusCode: 401 });
    await expect(call({})).rejects.toMatchObject({ statusCode: 401 });
    await expect(call({ authorization: 'Bearer a.b.c' })).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('requireRole answers 403 to a signed-in user of another role', async () => {
    const guards = createGuards(t.db, t.tokens);
    const { auth } = await createUser(t, { role: 'user' });
    const guard = guards.requireRole(['admin']);
    await expect(
      guard.call(t.app, { headers: auth, viewer: null } as never, {} as never),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
