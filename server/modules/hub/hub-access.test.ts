import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../common/rules/roles';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { creatorWithItem, oneUserPerRole, validPayoutBody } from './test-helpers';

/*
 * Who may call what in the Control Hub (issue 15): every hub call for each of the 8 roles and
 * signed out. Expectations are written out here, not derived from the permission table, so a
 * change to the table that widens access fails this test.
 */

let t: TestApp;
let byRole: Record<Role, TestUser>;
let creatorId: string;
let runId: string;

const READERS: readonly Role[] = ['admin', 'agency', 'studio', 'superadmin'];
const WRITERS: readonly Role[] = ['admin', 'superadmin'];

beforeAll(async () => {
  t = await createTestApp();
  byRole = await oneUserPerRole(t);
  creatorId = (await creatorWithItem(t)).creator.user.id;
  const admin = await createUser(t, { role: 'admin' });
  const run = await t.app.inject({
    method: 'POST',
    url: '/api/v1/hub/payouts/run',
    headers: { ...admin.auth, 'idempotency-key': uniqueName('setup-run') },
  });
  expect(run.statusCode, run.body).toBe(200);
  runId = run.json().runId;
});
afterAll(() => t.close());

interface HubCall {
  name: string;
  allowed: readonly Role[];
  request: (headers: Record<string, string>) => InjectOptions;
}

const CALLS: HubCall[] = [
  {
    name: 'GET /api/v1/hub/dashboard',
    allowed: READERS,
    request: (headers) => ({ url: '/api/v1/hub/dashboard', headers }),
  },
  {
    name: 'GET /api/v1/hub/creators',
    allowed: READERS,
    request: (headers) => ({ url: '/api/v1/hub/creators?q=maker&status=all', headers }),
  },
  {
    name: 'GET /api/v1/hub/users',
    allowed: READERS,
    request: (headers) => ({ url: '/api/v1/hub/users?role=user', headers }),
  },
  {
    name: 'PATCH /api/v1/hub/users/{id}',
    allowed: WRITERS,
    // Keeping an active user active changes nothing, so every allowed role may repeat it.
    request: (headers) => ({
      method: 'PATCH',
      url: `/api/v1/hub/users/${byRole.user.user.id}`,
      headers,
      payload: { active: true },
    }),
  },
  {
    name: 'GET /api/v1/hub/payouts',
    allowed: READERS,
    request: (headers) => ({ url: '/api/v1/hub/payouts', headers }),
  },
  {
    name: 'PUT /api/v1/hub/payouts/{id}',
    allowed: WRITERS,
    request: (headers) => ({
      method: 'PUT',
      url: `/api/v1/hub/payouts/${creatorId}`,
      headers,
      payload: validPayoutBody(),
    }),
  },
  {
    name: 'POST /api/v1/hub/payouts/run',
    allowed: WRITERS,
    request: (headers) => ({
      method: 'POST',
      url: '/api/v1/hub/payouts/run',
      headers: { ...headers, 'idempotency-key': uniqueName('matrix') },
    }),
  },
  {
    name: 'GET /api/v1/hub/payouts/runs',
    allowed: READERS,
    request: (headers) => ({ url: '/api/v1/hub/payouts/runs', headers }),
  },
  {
    name: 'GET /api/v1/hub/payouts/runs/{id}/export',
    allowed: READERS,
    request: (headers) => ({ url: `/api/v1/hub/payouts/runs/${runId}/export`, headers }),
  },
];

describe('the Control Hub role matrix', () => {
  for (const call of CALLS) {
    describe(call.name, () => {
      it('answers 401 signed out', async () => {
        const res = await t.app.inject(call.request({}));
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toMatchObject({ error: expect.any(String) });
      });

      it('answers 401 to a token the server did not sign', async () => {
        const res = await t.app.inject(call.request({ authorization: 'Bearer a.b.c' }));
        expect(res.statusCode).toBe(401);
      });

      for (const role of ROLES) {
        const allowed = call.allowed.includes(role);
        it(`${allowed ? 'lets' : 'refuses'} ${role}`, async () => {
          const res = await t.app.inject(call.request(byRole[role].auth));
          expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
          if (!allowed) expect(res.json()).toMatchObject({ error: 'You may not do this' });
        });
      }
    });
  }
});

describe('a creator’s own payout settings', () => {
  for (const role of ROLES) {
    it(`lets ${role} read and edit their own`, async () => {
      const own = byRole[role];
      expect(
        (await t.app.inject({ url: '/api/v1/payouts/me', headers: own.auth })).statusCode,
      ).toBe(200);
      const { status: _status, ...body } = validPayoutBody();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/payouts/me',
        headers: own.auth,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ creatorId: own.user.id, status: 'pending' });
    });
  }

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/v1/payouts/me' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payouts/me',
      payload: validPayoutBody(),
    });
    expect(res.statusCode).toBe(401);
  });
});
