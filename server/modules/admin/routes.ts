import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContentPage,
  AdminContentQuery,
  AdminContentResponse,
  AdminReportsPage,
  AdminReportsQuery,
  AdminSalesQuery,
  AdminSalesResponse,
  AdminUserResponse,
  AdminUsersPage,
  AdminUsersQuery,
  AuditPage,
  AuditQuery,
  ModerationReasonRequest,
  MyWarning,
  MyWarningsResponse,
  ResolveReportResponse,
  WarningsPage,
  WarningsQuery,
  WarnRequest,
  WarnResponse,
} from '../../../common/schemas/admin';
import { ResolveReportRequest } from '../../../common/schemas/reports';
import type { Container } from '../../container';
import { authorize } from '../../auth/authorize';
import { routesFor } from '../../http/route';
import { listReports } from '../reports/index';
import { setHidden, setSuspension } from './actions';
import { auditPage } from './audit.read-model';
import { listContent } from './content-list.read-model';
import { adminAbilities } from './policy';
import { resolveReport } from './resolution';
import { salesOverview } from './sales';
import { listUsers } from './users-list.read-model';
import { acknowledgeWarning, listWarnings, myWarnings, warnItem, warnUser } from './warnings';

// Any text reaches the services, which answer 404 for what cannot be an id.
const IdParams = z.object({ id: z.string().max(64) });

/**
 * The admin area (issue 14). SPEC §7 keeps its paths (`/api/users`, `/api/content`, the two
 * warn calls); the rest is under /api/v1/admin. Every call checks the caller's permission in
 * its service (`authorize`: 401 signed out, 403 without the permission).
 */
export const adminRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['admin'] });
    const WRITES_PER_MINUTE = 120;

    route.authed({
      method: 'GET',
      url: '/api/users',
      schema: {
        summary: 'Admin: list accounts',
        operationId: 'adminListUsers',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersPage },
      },
      handler: ({ viewer, request }) => listUsers(ctx.db, viewer, request.query),
    });

    route.authed({
      method: 'GET',
      url: '/api/content',
      schema: {
        summary: 'Admin: list content',
        operationId: 'adminListContent',
        querystring: AdminContentQuery,
        response: { 200: AdminContentPage },
      },
      handler: ({ viewer, request }) => listContent(ctx.db, viewer, request.query),
    });

    for (const [path, warn] of [
      ['/api/users/:id/warn', warnUser],
      ['/api/content/:id/warn', warnItem],
    ] as const) {
      route.authed({
        method: 'POST',
        url: path,
        perCaller: WRITES_PER_MINUTE,
        schema: {
          summary:
            path === '/api/users/:id/warn'
              ? 'Admin: warn a person'
              : 'Admin: warn the creator of an item',
          operationId: path === '/api/users/:id/warn' ? 'warnUser' : 'warnItem',
          params: IdParams,
          body: WarnRequest,
          response: { 201: WarnResponse },
        },
        handler: async ({ viewer, request, reply, meta }) => {
          const warning = await warn(ctx.db, viewer, request.params.id, request.body, meta());
          return reply.status(201).send({ warning });
        },
      });
    }

    for (const [action, suspended] of [
      ['suspend', true],
      ['reactivate', false],
    ] as const) {
      route.authed({
        method: 'POST',
        url: `/api/v1/admin/users/:id/${action}`,
        perCaller: WRITES_PER_MINUTE,
        schema: {
          summary: suspended ? 'Admin: suspend an account' : 'Admin: reactivate an account',
          operationId: suspended ? 'suspendUser' : 'reactivateUser',
          params: IdParams,
          body: ModerationReasonRequest,
          response: { 200: AdminUserResponse },
        },
        handler: async ({ viewer, request, meta }) => ({
          user: await setSuspension(
            ctx.db,
            viewer,
            request.params.id,
            suspended,
            request.body,
            meta(),
          ),
        }),
      });
    }

    for (const [action, hidden] of [
      ['hide', true],
      ['unhide', false],
    ] as const) {
      route.authed({
        method: 'POST',
        url: `/api/v1/admin/content/:id/${action}`,
        perCaller: WRITES_PER_MINUTE,
        schema: {
          summary: hidden ? 'Admin: hide an item' : 'Admin: show a hidden item again',
          operationId: hidden ? 'hideItem' : 'unhideItem',
          params: IdParams,
          body: ModerationReasonRequest,
          response: { 200: AdminContentResponse },
        },
        handler: async ({ viewer, request, meta }) => ({
          item: await setHidden(ctx.db, viewer, request.params.id, hidden, request.body, meta()),
        }),
      });
    }

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/reports',
      schema: {
        summary: 'Admin: list reports',
        operationId: 'adminListReports',
        querystring: AdminReportsQuery,
        response: { 200: AdminReportsPage },
      },
      handler: async ({ viewer, request }) => {
        authorize(viewer, 'admin.reports.read');
        return { ...(await listReports(ctx.db, request.query)), abilities: adminAbilities(viewer) };
      },
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/admin/reports/:id/resolve',
      perCaller: WRITES_PER_MINUTE,
      // report_resolved.
      errors: [409],
      schema: {
        summary: 'Admin: resolve a report',
        operationId: 'resolveReport',
        params: IdParams,
        body: ResolveReportRequest,
        response: { 200: ResolveReportResponse },
      },
      handler: ({ viewer, request, meta }) =>
        resolveReport(ctx.db, viewer, request.params.id, request.body, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/warnings',
      schema: {
        summary: 'Admin: list warnings given',
        operationId: 'adminListWarnings',
        querystring: WarningsQuery,
        response: { 200: WarningsPage },
      },
      handler: ({ viewer, request }) => listWarnings(ctx.db, viewer, request.query),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/sales',
      schema: {
        summary: 'Admin: sales overview',
        operationId: 'adminSales',
        querystring: AdminSalesQuery,
        response: { 200: AdminSalesResponse },
      },
      handler: ({ viewer, request }) =>
        salesOverview(ctx.db, viewer, request.query, ctx.clock.now()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/audit',
      schema: {
        summary: 'Admin: the audit log',
        operationId: 'adminAudit',
        querystring: AuditQuery,
        response: { 200: AuditPage },
      },
      handler: ({ viewer, request }) => auditPage(ctx.db, viewer, request.query),
    });

    // The warned person's own side: the dashboard notice and its dismissal.
    route.authed({
      method: 'GET',
      url: '/api/v1/warnings/mine',
      tags: ['warnings'],
      schema: {
        summary: 'Warnings the signed-in person received',
        operationId: 'listOwnWarnings',
        response: { 200: MyWarningsResponse },
      },
      handler: async ({ viewer }) => ({ warnings: await myWarnings(ctx.db, viewer.id) }),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/warnings/:id/acknowledge',
      tags: ['warnings'],
      perCaller: WRITES_PER_MINUTE,
      schema: {
        summary: 'Acknowledge a warning',
        operationId: 'acknowledgeWarning',
        params: IdParams,
        response: { 200: z.object({ warning: MyWarning }) },
      },
      handler: async ({ viewer, request, meta }) => ({
        warning: await acknowledgeWarning(ctx.db, viewer.id, request.params.id, meta()),
      }),
    });
  };
