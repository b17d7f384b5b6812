import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteResponse } from '../../../common/schemas/site';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { robotsTxt, sitemapXml } from './crawlers.read-model';
import { presentSite } from './presenter';

/**
 * GET /api/v1/site: the operator's details for the imprint and the help page (public); and what
 * crawlers read, /robots.txt and /sitemap.xml (public, only what a signed-out visitor may see).
 */
export const siteRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const site = presentSite(ctx.config);
    routesFor(app, ctx, { tags: ['site'] }).open({
      method: 'GET',
      url: '/api/v1/site',
      schema: {
        summary: 'Public site settings',
        operationId: 'getSite',
        response: { 200: SiteResponse },
      },
      handler: ({ reply }) => {
        // Settings change only with a restart: browsers and proxies may keep them a while.
        reply.header('cache-control', 'public, max-age=300');
        return site;
      },
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
      return robotsTxt(ctx.config.publicUrl);
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const xml = await sitemapXml(ctx.db, ctx.config.publicUrl);
      reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
      return xml;
    });
  };
