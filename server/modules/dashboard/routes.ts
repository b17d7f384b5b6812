import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardResponse } from '../../../common/schemas/dashboard';
import type { AppContext } from '../../context';
import { mediaUrlsOf } from '../media/signed-urls';
import { dashboardSubject } from './policy';
import { dashboardOf, type DashboardDeps } from './service';

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: DashboardDeps = { db: ctx.db, clock: ctx.clock, urls: mediaUrlsOf(ctx) };

    app.get(
      '/api/v1/dashboard',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['dashboard'],
          security: [{ bearer: [] }],
          response: { 200: DashboardResponse },
        },
      },
      async (request) => dashboardOf(deps, dashboardSubject(ctx.guards.viewerOf(request))),
    );
  };
