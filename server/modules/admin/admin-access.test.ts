import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, rolesWith, type Permission } from '../../../common/rules/permissions';
import { ROLES, type Role } from '../../../common/rules/roles';
import { auditEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { fileReportFor } from './test-helpers';

/*
 * Issue 14: every admin call against all 8 roles and a signed-out caller. Only the roles the
 * permission table grants pass; everyone else gets 401 (signed out) or 403 with `{ error }`,
 * and a refused call changes nothing (no audit row about its subject).
 */

let t: TestApp;
const callers = new Map<Role, TestUser>();
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) callers.set(role, await createUser(t, { role }));
});
afterAll(() => t.close());

interface Call {
  name: string;
  permission: Permission;
  /** Builds a fresh target, so each caller's attempt starts from the same state. */
  setup(): Promise<{ method: 'GET' | 'POST'; url: string; payload?: object; subject?: string }>;
  ok: 200 | 201;
}

const creator = () => createUser(t, { role: 'creator' });

const CALLS: Call[] = [
  {
    name: 'GET /api/users',
    permission: 'admin.users.read',
    ok: 200,
    setup: async () => ({ method: 'GET', url: '/api/users?limit=5' }),
  },
  {
    name: 'GET /api/content',
    permission: 'admin.content.read',
    ok: 200,
    setup: async () => ({ method: 'GET', url: '/api/content?limit=5' }),
  },
  {
    name: 'POST /api/users/{id}/warn',
    permission: 'admin.warn',
    ok: 201,
    setup: async () => {
      const target = await createUser(t);
      return {
        method: 'POST',
        url: `/api/users/${target.user.id}/warn`,
        payload: { reason: 'Spam in comments' },
        subject: target.user.id,
      };
    },
  },
  {
    name: 'POST /api/content/{id}/warn',
    permission: 'admin.warn',
    ok: 201,
    setup: async () => {
      const owner = await creator();
      const item = await createItem(t, owner);
      return {
        method: 'POST',
        url: `/api/content/${item.id}/warn`,
        payload: {},
        subject: owner.user.id,
      };
    },
  },
  {
    name: 'POST /api/v1/admin/users/{id}/suspend',
    permission: 'admin.users.suspend',
    ok: 200,
    setup: async () => {
      const target = await createUser(t);
      return {
        method: 'POST',
        url: `/api/v1/admin/users/${target.user.id}/suspend`,
        payload: { reason: 'Scam' },
        subject: target.user.id,
      };
    },
  },
  {
    name: 'POST /api/v1/admin/users/{id}/reactivate',
    permission: 'admin.users.suspend',
    ok: 200,
    setup: async () => {
      const target = await createUser(t, { status: 'suspended' });
      return {
        method: 'POST',
        url: `/api/v1/admin/users/${target.user.id}/reactivate`,
        payload: {},
        subject: target.user.id,
      };
    },
  },
  {
    name: 'POST /api/v1/admin/content/{id}/hide',
    permission: 'admin.items.hide',
    ok: 200,
    setup: async () => {
      const item = await createItem(t, await creator());
      return {
        method: 'POST',
        url: `/api/v1/admin/content/${item.id}/hide`,
        payload: {},
        subject: String(item.id),
      };
    },
  },
  {
    name: 'POST /api/v1/admin/content/{id}/unhide',
    permission: 'admin.items.hide',
    ok: 200,
    setup: async () => {
      const item = await createItem(t, await creator());
      const moderator = callers.get('moderator');
      const hidden = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/content/${item.id}/hide`,
        headers: moderator?.auth,
        payload: {},
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      return {
        method: 'POST',
        url: `/api/v1/admin/content/${item.id}/unhide`,
        payload: {},
        subject: String(item.id),
      };
    },
  },
  {
    name: 'GET /api/v1/admin/reports',
    permission: 'admin.reports.read',
    ok: 200,
    setup: async () => ({ method: 'GET', url: '/api/v1/admin/reports' }),
  },
  {
    name: 'POST /api/v1/admin/reports/{id}/resolve',
    permission: 'admin.reports.resolve',
    ok: 200,
    setup: async () => {
      const report = await fileReportFor(t);
      return {
        method: 'POST',
        url: `/api/v1/admin/reports/${report.id}/resolve`,
        payload: { action: 'dismiss' },
        subject: String(report.id),
      };
    },
  },
  {
    name: 'GET /api/v1/admin/warnings',
    permission: 'admin.reports.read',
    ok: 200,
    setup: async () => ({ method: 'GET', url: '/api/v1/admin/warnings' }),
  },
  {
    name: 'GET /api/v1/admin/sales',
    permission: 'admin.sales.read',
    ok: 200,
    setup: async () => ({ method: 'GET', url: '/api/v1/admin/sales' }),
  },
  {
    name: 'GET /api/v1/admin/audit',
    permission: 'admin.audit.read',
    ok: 200,
    setup: async () => ({ method: 'GET', url: '/api/v1/admin/audit' }),
  },
];

async function auditRowsAbout(subject: string | undefined): Promise<number> {
  if (!subject) return 0;
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, subject), sql`${auditEvents.action} <> 'report.created'`));
  return row?.n ?? 0;
}

describe('who may call the admin area (issue 14)', () => {
  it('grants moderation and sales to moderators and up, suspension and the audit log to admins', () => {
    const staff = ['admin', 'superadmin', 'moderator'];
    for (const p of [
      'admin.users.read',
      'admin.content.read',
      'admin.reports.read',
      'admin.reports.resolve',
      'admin.warn',
      'admin.items.hide',
      'admin.sales.read',
    ] as const) {
      expect(rolesWith(p), p).toEqual(staff);
    }
    for (const p of ['admin.users.suspend', 'admin.audit.read'] as const) {
      expect(rolesWith(p), p).toEqual(['admin', 'superadmin']);
    }
  });

  it('answers each staff role the abilities its permissions give, on every list', async () => {
    for (const role of rolesWith('admin.users.read')) {
      const who = callers.get(role);
      if (!who) throw new Error(`no ${role}`);
      const actor = { id: who.user.id, role };
      const expected = {
        canWarn: can(actor, 'admin.warn'),
        canSuspend: can(actor, 'admin.users.suspend'),
        canHide: can(actor, 'admin.items.hide'),
        canResolveReports: can(actor, 'admin.reports.resolve'),
        canReadSales: can(actor, 'admin.sales.read'),
        canReadAudit: can(actor, 'admin.audit.read'),
      };
      for (const url of ['/api/users', '/api/content', '/api/v1/admin/reports']) {
        const res = await t.app.inject({ url, headers: who.auth });
        expect(res.statusCode, `${role} ${url}: ${res.body}`).toBe(200);
        expect(res.json().abilities, `${role} ${url}`).toEqual(expected);
      }
    }
    const moderator = callers.get('moderator');
    const res = await t.app.inject({ url: '/api/users', headers: moderator?.auth ?? {} });
    expect(res.json().abilities).toMatchObject({ canWarn: true, canSuspend: false });
  });

  for (const call of CALLS) {
    it(`${call.name}: ${rolesWith(call.permission).join(', ')} only`, async () => {
      const allowed = rolesWith(call.permission);
      for (const role of [...ROLES, null] as const) {
        const request = await call.setup();
        const before = await auditRowsAbout(request.subject);
        const who = role === null ? null : callers.get(role);
        const res = await t.app.inject({
          method: request.method,
          url: request.url,
          headers: who?.auth ?? {},
          ...(request.payload ? { payload: request.payload } : {}),
        });
        const label = `${call.name} as ${role ?? 'anonymous'}`;
        if (role !== null && allowed.includes(role)) {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(call.ok);
          continue;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBe(role === null ? 401 : 403);
        expect(typeof res.json().error, label).toBe('string');
        expect(await auditRowsAbout(request.subject), label).toBe(before);
      }
    });
  }
});
