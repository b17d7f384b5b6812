import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DashboardResponse } from '../../../common/schemas/dashboard';
import { ItemStatsResponse } from '../../../common/schemas/item-stats';
import type { Container } from '../../container';
import { compiledSerializerFor } from '../../http/compiled-serializer';
import { routesFor } from '../../http/route';
import { itemStats } from './item-stats';
import { dashboardOf, type DashboardDeps } from './service';

const ItemParams = z.object({ id: z.string().max(40) });

export const dashboardRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: DashboardDeps = { db: ctx.db, clock: ctx.clock, urls: ctx.mediaUrls };
    const route = routesFor(app, ctx, { tags: ['dashboard'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/dashboard',
      schema: {
        summary: 'A creator’s dashboard figures',
        operationId: 'getDashboard',
        response: { 200: DashboardResponse },
      },
      // Opened on every visit of the creator's home screen: compiled, same text (issue 17).
      serializerCompiler: compiledSerializerFor(DashboardResponse),
      // A dashboard shows the signed-in user's own figures; nobody reads another's (SPEC §6).
      handler: ({ viewer }) => dashboardOf(deps, viewer.id),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/items/:id/stats',
      schema: {
        summary: 'An item’s first days, per day: one series per metric (its owner and staff)',
        operationId: 'getItemStats',
        params: ItemParams,
        response: { 200: ItemStatsResponse },
      },
      handler: ({ viewer, request }) => itemStats(ctx.db, viewer, request.params.id),
    });
  };
