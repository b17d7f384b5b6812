import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteResponse } from '../../../common/schemas/site';
import type { Container } from '../../container';
import { presentSite } from './presenter';

/** GET /api/v1/site: the operator's details for the imprint and the help page (public). */
export const siteRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const site = presentSite(ctx.config);
    app.get(
      '/api/v1/site',
      { schema: { tags: ['site'], response: { 200: SiteResponse } } },
      async (_request, reply) => {
        // Settings change only with a restart: browsers and proxies may keep them a while.
        reply.header('cache-control', 'public, max-age=300');
        return site;
      },
    );
  };
