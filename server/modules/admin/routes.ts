import type { FastifyRequest } from 'fastify';
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
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { listReports } from '../reports/index';
import { setHidden, setSuspension } from './actions';
import { auditPage } from './audit';
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
    const meta = (request: FastifyRequest) => requestMeta(request, ctx.clock);
    const auth = { preHandler: ctx.guards.requireAuth };
    const writes = { ...auth, config: perCaller(ctx.tokens, 120) };

    app.get(
      '/api/users',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: list accounts',
          operationId: 'adminListUsers',
          querystring: AdminUsersQuery,
          response: { 200: AdminUsersPage },
        },
      },
      async (request) => listUsers(ctx.db, ctx.guards.viewerOf(request), request.query),
    );

    app.get(
      '/api/content',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: list content',
          operationId: 'adminListContent',
          querystring: AdminContentQuery,
          response: { 200: AdminContentPage },
        },
      },
      async (request) => listContent(ctx.db, ctx.guards.viewerOf(request), request.query),
    );

    for (const [path, warn] of [
      ['/api/users/:id/warn', warnUser],
      ['/api/content/:id/warn', warnItem],
    ] as const) {
      app.post(
        path,
        {
          ...writes,
          schema: {
            tags: ['admin'],
            summary:
              path === '/api/users/:id/warn'
                ? 'Admin: warn a person'
                : 'Admin: warn the creator of an item',
            operationId: path === '/api/users/:id/warn' ? 'warnUser' : 'warnItem',
            params: IdParams,
            body: WarnRequest,
            response: { 201: WarnResponse },
          },
        },
        async (request, reply) => {
          const warning = await warn(
            ctx.db,
            ctx.guards.viewerOf(request),
            request.params.id,
            request.body,
            meta(request),
          );
          return reply.status(201).send({ warning });
        },
      );
    }

    for (const [action, suspended] of [
      ['suspend', true],
      ['reactivate', false],
    ] as const) {
      app.post(
        `/api/v1/admin/users/:id/${action}`,
        {
          ...writes,
          schema: {
            tags: ['admin'],
            summary: suspended ? 'Admin: suspend an account' : 'Admin: reactivate an account',
            operationId: suspended ? 'suspendUser' : 'reactivateUser',
            params: IdParams,
            body: ModerationReasonRequest,
            response: { 200: AdminUserResponse },
          },
        },
        async (request) => ({
          user: await setSuspension(
            ctx.db,
            ctx.guards.viewerOf(request),
            request.params.id,
            suspended,
            request.body,
            meta(request),
          ),
        }),
      );
    }

    for (const [action, hidden] of [
      ['hide', true],
      ['unhide', false],
    ] as const) {
      app.post(
        `/api/v1/admin/content/:id/${action}`,
        {
          ...writes,
          schema: {
            tags: ['admin'],
            summary: hidden ? 'Admin: hide an item' : 'Admin: show a hidden item again',
            operationId: hidden ? 'hideItem' : 'unhideItem',
            params: IdParams,
            body: ModerationReasonRequest,
            response: { 200: AdminContentResponse },
          },
        },
        async (request) => ({
          item: await setHidden(
            ctx.db,
            ctx.guards.viewerOf(request),
            request.params.id,
            hidden,
            request.body,
            meta(request),
          ),
        }),
      );
    }

    app.get(
      '/api/v1/admin/reports',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: list reports',
          operationId: 'adminListReports',
          querystring: AdminReportsQuery,
          response: { 200: AdminReportsPage },
        },
      },
      async (request) => {
        const viewer = ctx.guards.viewerOf(request);
        authorize(viewer, 'admin.reports.read');
        return { ...(await listReports(ctx.db, request.query)), abilities: adminAbilities(viewer) };
      },
    );

    app.post(
      '/api/v1/admin/reports/:id/resolve',
      {
        ...writes,
        // report_resolved.
        config: { ...writes.config, openapi: { errors: [409] } },
        schema: {
          tags: ['admin'],
          summary: 'Admin: resolve a report',
          operationId: 'resolveReport',
          params: IdParams,
          body: ResolveReportRequest,
          response: { 200: ResolveReportResponse },
        },
      },
      async (request) =>
        resolveReport(
          ctx.db,
          ctx.guards.viewerOf(request),
          request.params.id,
          request.body,
          meta(request),
        ),
    );

    app.get(
      '/api/v1/admin/warnings',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: list warnings given',
          operationId: 'adminListWarnings',
          querystring: WarningsQuery,
          response: { 200: WarningsPage },
        },
      },
      async (request) => listWarnings(ctx.db, ctx.guards.viewerOf(request), request.query),
    );

    app.get(
      '/api/v1/admin/sales',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: sales overview',
          operationId: 'adminSales',
          querystring: AdminSalesQuery,
          response: { 200: AdminSalesResponse },
        },
      },
      async (request) =>
        salesOverview(ctx.db, ctx.guards.viewerOf(request), request.query, ctx.clock.now()),
    );

    app.get(
      '/api/v1/admin/audit',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: the audit log',
          operationId: 'adminAudit',
          querystring: AuditQuery,
          response: { 200: AuditPage },
        },
      },
      async (request) => auditPage(ctx.db, ctx.guards.viewerOf(request), request.query),
    );

    // The warned person's own side: the dashboard notice and its dismissal.
    app.get(
      '/api/v1/warnings/mine',
      {
        ...auth,
        schema: {
          tags: ['warnings'],
          summary: 'Warnings the signed-in person received',
          operationId: 'listOwnWarnings',
          response: { 200: MyWarningsResponse },
        },
      },
      async (request) => ({
        warnings: await myWarnings(ctx.db, ctx.guards.viewerOf(request).id),
      }),
    );

    app.post(
      '/api/v1/warnings/:id/acknowledge',
      {
        ...writes,
        schema: {
          tags: ['warnings'],
          summary: 'Acknowledge a warning',
          operationId: 'acknowledgeWarning',
          params: IdParams,
          response: { 200: z.object({ warning: MyWarning }) },
        },
      },
      async (request) => ({
        warning: await acknowledgeWarning(
          ctx.db,
          ctx.guards.viewerOf(request).id,
          request.params.id,
          meta(request),
        ),
      }),
    );
  };
