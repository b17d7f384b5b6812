import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeedPage, FeedQuery, SpotlightResponse } from '../../../common/schemas/feed';
import type { Container } from '../../container';
import { compiledSerializerFor } from '../../http/compiled-serializer';
import { routesFor } from '../../http/route';
import { feedPage, spotlight, type FeedDeps } from './service';

export const feedRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: FeedDeps = { db: ctx.db, clock: ctx.clock, urls: ctx.mediaUrls };
    const route = routesFor(app, ctx, { tags: ['feed'] });

    // The /discover screen is for signed-in users, but a signed-out caller gets the same posts,
    // all locked: the feed is the storefront.
    route.optional({
      method: 'GET',
      url: '/api/v1/feed',
      schema: {
        summary: 'The discover feed, a page at a time',
        operationId: 'getFeed',
        querystring: FeedQuery,
        response: { 200: FeedPage },
      },
      // The hottest answer: compiled from the same schema, same text (issue 17).
      serializerCompiler: compiledSerializerFor(FeedPage),
      handler: ({ viewer, request }) => feedPage(deps, viewer, request.query),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/creators/spotlight',
      schema: {
        summary: 'Creators in the spotlight',
        operationId: 'getSpotlight',
        response: { 200: SpotlightResponse },
      },
      handler: ({ reply }) => {
        // The same six for everyone, and it changes slowly: let browsers and proxies keep it.
        reply.header('cache-control', 'public, max-age=60');
        return spotlight(deps);
      },
    });
  };
