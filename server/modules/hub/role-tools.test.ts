import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../common/rules/roles';
import { auditEvents, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { systemMeta } from '../../events/record';
import { updateHubUser } from './role-tools';

/*
 * Role tools (issue 15): roles and the active state change on the server, with the rails —
 * nobody changes themselves, only a superadmin touches admin and superadmin, and the last
 * active superadmin stays — and a demotion or deactivation ends the person's sessions at once.
 */

let t: TestApp;
let superadmin: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Two active superadmins, so this file's own changes never hit the last-superadmin rail.
  superadmin = await createUser(t, { role: 'superadmin' });
  await createUser(t, { role: 'superadmin' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const patch = (by: TestUser, target: string, payload: Record<string, unknown>, app = t) =>
  app.app.inject({
    method: 'PATCH',
    url: `/api/v1/hub/users/${target}`,
    headers: by.auth,
    payload,
  });

const profile = (user: TestUser, app = t) =>
  app.app.inject({ url: '/api/v1/users/profile', headers: user.auth });

async function roleAndStatus(id: string, app = t) {
  const [row] = await app.db
    .select({ role: users.role, status: users.status, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

describe('PATCH /api/v1/hub/users/{id}', () => {
  it('promotes without ending the session, and answers the row with what may change next', async () => {
    const fan = await createUser(t);
    const res = await patch(admin, fan.user.id, { role: 'creator' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      endedSessions: false,
      user: {
        id: fan.user.id,
        name: fan.user.username,
        email: fan.user.email,
        role: 'creator',
        active: true,
        assignableRoles: ['user', 'creator', 'agency', 'studio', 'hypr', 'moderator'],
        abilities: { canChangeRole: true, canChangeActive: true },
      },
    });
    expect((await profile(fan)).statusCode).toBe(200);
    const [event] = await t.db
      .select({ actorId: auditEvents.actorId, data: auditEvents.data })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'user.role_changed'), eq(auditEvents.subjectId, fan.user.id)),
      );
    expect(event).toEqual({
      actorId: admin.user.id,
      data: { from: 'user', to: 'creator', reason: 'Changed in the Control Hub' },
    });
  });

  it('ends a demoted user’s token at once', async () => {
    const moderator = await createUser(t, { role: 'moderator' });
    expect((await profile(moderator)).statusCode).toBe(200);
    const res = await patch(admin, moderator.user.id, { role: 'user' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ endedSessions: true, user: { role: 'user' } });
    const after = await profile(moderator);
    expect(after.statusCode).toBe(401);
    expect((await roleAndStatus(moderator.user.id)).role).toBe('user');
  });

  it('deactivates as a suspension that ends the session, and reactivates', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const off = await patch(admin, creator.user.id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ endedSessions: true, user: { active: false } });
    expect(await roleAndStatus(creator.user.id)).toMatchObject({ status: 'suspended' });
    expect((await profile(creator)).statusCode).toBe(401);
    const login = await t.app.inject({
      url: '/api/v1/hub/users?q=' + creator.user.username,
      headers: admin.auth,
    });
    expect(login.json().users).toEqual([expect.objectContaining({ active: false })]);

    const [suspended] = await t.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'user.suspended'), eq(auditEvents.subjectId, creator.user.id)),
      );
    expect(suspended?.data).toEqual({ reason: 'Deactivated in the Control Hub' });

    const on = await patch(admin, creator.user.id, { active: true });
    expect(on.json()).toMatchObject({ endedSessions: false, user: { active: true } });
    expect(await roleAndStatus(creator.user.id)).toMatchObject({ status: 'active' });
  });

  it('changes nothing, and records nothing, when nothing would change', async () => {
    const fan = await createUser(t);
    const before = await roleAndStatus(fan.user.id);
    const res = await patch(admin, fan.user.id, { role: 'user', active: true });
    expect(res.json()).toMatchObject({
      endedSessions: false,
      user: { role: 'user', active: true },
    });
    expect(await roleAndStatus(fan.user.id)).toEqual(before);
  });

  describe('the rails', () => {
    it('refuses anyone changing their own role or deactivating themselves (403)', async () => {
      for (const [by, payload] of [
        [admin, { role: 'user' }],
        [admin, { active: false }],
        [superadmin, { role: 'admin' }],
        [superadmin, { active: false }],
      ] as const) {
        const before = await roleAndStatus(by.user.id);
        const res = await patch(by, by.user.id, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: 'You cannot change your own role or deactivate yourself.',
          code: 'self_change',
        });
        expect(await roleAndStatus(by.user.id)).toEqual(before);
      }
    });

    it('lets only a superadmin grant or remove admin and superadmin (403 for an admin)', async () => {
      const fan = await createUser(t);
      const otherAdmin = await createUser(t, { role: 'admin' });
      const refused: [string, Record<string, unknown>][] = [
        [fan.user.id, { role: 'admin' }],
        [fan.user.id, { role: 'superadmin' }],
        [otherAdmin.user.id, { role: 'user' }],
        [otherAdmin.user.id, { active: false }],
        [superadmin.user.id, { role: 'admin' }],
        [superadmin.user.id, { active: false }],
      ];
      for (const [target, payload] of refused) {
        const before = await roleAndStatus(target);
        const res = await patch(admin, target, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(403);
        expect(res.json()).toEqual({
          error:
            'Only a superadmin can grant or remove the admin and superadmin roles or change such an account.',
          code: 'superadmin_only',
        });
        expect(await roleAndStatus(target)).toEqual(before);
      }
      const granted = await patch(superadmin, fan.user.id, { role: 'admin' });
      expect(granted.json()).toMatchObject({ endedSessions: false, user: { role: 'admin' } });
      const removed = await patch(superadmin, otherAdmin.user.id, { role: 'moderator' });
      expect(removed.json()).toMatchObject({ endedSessions: true, user: { role: 'moderator' } });
      // superadmin -> admin loses the staff rail's power: a demotion that ends the session.
      const colleague = await createUser(t, { role: 'superadmin' });
      const stepDown = await patch(superadmin, colleague.user.id, { role: 'admin' });
      expect(stepDown.json()).toMatchObject({ endedSessions: true, user: { role: 'admin' } });
      expect((await profile(colleague)).statusCode).toBe(401);
    });

    it('tells the web which rows an admin may change', async () => {
      const res = await t.app.inject({
        url: `/api/v1/hub/users?role=superadmin&q=${superadmin.user.username}`,
        headers: admin.auth,
      });
      const row = res.json().users.find((u: { id: string }) => u.id === superadmin.user.id);
      expect(row.assignableRoles).toEqual(['superadmin']);
      expect(row.abilities).toEqual({ canChangeRole: false, canChangeActive: false });
      const self = await t.app.inject({
        url: `/api/v1/hub/users?q=${admin.user.username}`,
        headers: admin.auth,
      });
      expect(self.json().users[0].assignableRoles).toEqual(['admin']);
      expect(self.json().users[0].abilities).toEqual({
        canChangeRole: false,
        canChangeActive: false,
      });
      const agency = await createUser(t, { role: 'agency' });
      const readOnly = await t.app.inject({
        url: `/api/v1/hub/users?q=${agency.user.username}`,
        headers: agency.auth,
      });
      expect(readOnly.json().users[0].assignableRoles).toEqual(['agency']);
      expect(readOnly.json().users[0].abilities).toEqual({
        canChangeRole: false,
        canChangeActive: false,
      });
    });
  });

  it('refuses bad input with 400 or 404 and changes nothing', async () => {
    const fan = await createUser(t);
    const before = await roleAndStatus(fan.user.id);
    for (const payload of [{}, { role: 'king' }, { active: 'no' }, { role: 'user', extra: 1 }]) {
      const res = await patch(admin, fan.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    for (const id of ['nobody', '0b8a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d']) {
      const res = await patch(admin, id, { role: 'creator' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'User not found' });
    }
    const gone = await createUser(t, { status: 'deleted' });
    expect((await patch(admin, gone.user.id, { active: true })).statusCode).toBe(404);
    expect(await roleAndStatus(fan.user.id)).toEqual(before);
  });
});

describe('the last active superadmin', () => {
  // Each test has its own database: the rail counts every active superadmin there is.
  let own: TestApp;
  beforeEach(async () => {
    own = await createTestApp({ ownDatabase: true });
  });
  afterEach(() => own.close());

  it('survives two superadmins demoting each other at the same moment', async () => {
    const first = await createUser(own, { role: 'superadmin', username: uniqueName('sa1_') });
    const second = await createUser(own, { role: 'superadmin', username: uniqueName('sa2_') });
    const results = await Promise.all([
      patch(first, second.user.id, { role: 'admin' }, own),
      patch(second, first.user.id, { role: 'admin' }, own),
    ]);
    // One passes; the other is refused by the locked count (409) or, if it arrived after the
    // first committed, by its ended session (401: the demotion ended it). Never both.
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect([401, 409]).toContain(refused.statusCode);
    const roles = [
      (await roleAndStatus(first.user.id, own)).role,
      (await roleAndStatus(second.user.id, own)).role,
    ].sort();
    expect(roles).toEqual<Role[]>(['admin', 'superadmin']);
  });

  it('answers 409 to a demotion or deactivation that would leave no active superadmin', async () => {
    const keeper = await createUser(own, { role: 'superadmin' });
    // Another superadmin's request passed sign-in just before `keeper` ended their powers:
    // the service gets their actor as the guard saw it, and the count under lock refuses.
    const staleActors: { id: string; role: Role }[] = [];
    for (const payload of [{ role: 'admin' as const }, { active: false }]) {
      const other = await createUser(own, { role: 'superadmin' });
      const res = await patch(keeper, other.user.id, payload, own);
      expect(res.statusCode, res.body).toBe(200);
      staleActors.push({ id: other.user.id, role: 'superadmin' });
    }
    // Make sure keeper is the only active superadmin of this database now.
    const active = await own.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'superadmin'), eq(users.status, 'active')));
    expect(active.map((a) => a.id)).toEqual([keeper.user.id]);

    const before = await roleAndStatus(keeper.user.id, own);
    for (const actor of staleActors) {
      for (const change of [{ role: 'user' as const }, { active: false }]) {
        const attempt = updateHubUser(
          own.db,
          actor,
          keeper.user.id,
          change,
          systemMeta(new Date()),
        );
        await expect(attempt).rejects.toMatchObject({
          statusCode: 409,
          message: 'The last active superadmin cannot be demoted or deactivated.',
          extra: { code: 'last_superadmin' },
        });
      }
    }
    expect(await roleAndStatus(keeper.user.id, own)).toEqual(before);
  });
});
