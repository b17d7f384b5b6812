import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedLink, FeedLinksResponse, RotateFeedLinkParams } from '../../../common/schemas/feeds';
import type { Container } from '../../container';
import type { ContentDoc } from '../../http/openapi/route-doc';
import { routesFor } from '../../http/route';
import { entityTag, isNotModified } from './conditional';
import { feedMediaLocation, privateFeed, publicFeed, type BuiltFeed, type FeedDeps } from './feeds';
import { listFeedLinks, rotateFeedLink } from './links';

const Username = z.string().min(1).max(60);
/** Any text: a malformed token answers like an unknown one (404, nothing told). */
const Token = z.string().min(1).max(200);
const PublicFeedParams = z.object({ username: Username });
const PrivateFeedParams = z.object({ username: Username, token: Token });
const FeedMediaParams = PrivateFeedParams.extend({
  itemId: z.string().regex(/^[1-9]\d{0,14}$/, 'an item id'),
});

const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const RSS_DOC: ContentDoc = {
  description: 'The feed (RSS 2.0 with iTunes podcast tags)',
  content: { 'application/rss+xml': { schema: { type: 'string' } } },
};
const NOT_MODIFIED: ContentDoc = {
  description: 'Unchanged since the ETag or Last-Modified the request named: no body',
  content: {},
};

/**
 * The feeds (issue 42): a creator's public RSS feed, a person's private feed by its secret link
 * (the token is the proof, no sign-in: podcast apps cannot sign in), the private feed's media,
 * and the person's own links in the account settings.
 */
export const rssRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const key = ctx.keys['feed-links'];
    const deps = (): FeedDeps => ({
      db: ctx.db,
      key,
      urls: ctx.mediaUrls,
      publicUrl: ctx.config.publicUrl,
      now: ctx.clock.now(),
    });
    const route = routesFor(app, ctx, { tags: ['feeds'] });

    /** Sends a feed, or 304 when the client holds this very document. */
    const sendFeed = (
      request: FastifyRequest,
      reply: FastifyReply,
      feed: BuiltFeed,
      cacheControl: string,
    ) => {
      const etag = entityTag(feed.xml);
      reply
        .header('cache-control', cacheControl)
        .header('etag', etag)
        .header('last-modified', feed.lastModified.toUTCString());
      if (isNotModified(request.headers, etag, feed.lastModified)) {
        return reply.status(304).send();
      }
      return reply.type(RSS_TYPE).send(feed.xml);
    };

    route.open({
      method: 'GET',
      url: '/api/v1/feeds/:username.rss',
      config: { openapi: { responses: { 200: RSS_DOC, 304: NOT_MODIFIED } } },
      schema: {
        summary: "A creator's public RSS feed (free items)",
        operationId: 'getPublicFeed',
        params: PublicFeedParams,
      },
      handler: async ({ request, reply }) =>
        sendFeed(
          request,
          reply,
          await publicFeed(deps(), request.params.username),
          'public, max-age=300',
        ),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/feeds/:username/:token.rss',
      config: { openapi: { responses: { 200: RSS_DOC, 304: NOT_MODIFIED } } },
      schema: {
        summary: 'A private feed: every item its person may open, with podcast enclosures',
        operationId: 'getPrivateFeed',
        params: PrivateFeedParams,
      },
      handler: async ({ request, reply }) =>
        sendFeed(
          request,
          reply,
          await privateFeed(deps(), request.params.username, request.params.token),
          // Its URL is a secret: shared caches must not keep it.
          'private, max-age=300',
        ),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/feeds/:username/:token/media/:itemId',
      config: {
        openapi: {
          responses: {
            302: {
              description: 'To a media URL signed for a short while (Location)',
              content: {},
            },
          },
        },
      },
      schema: {
        summary: "A private feed's enclosure: redirects to the item's audio or video",
        operationId: 'getFeedMedia',
        params: FeedMediaParams,
      },
      handler: async ({ request, reply }) => {
        const { username, token, itemId } = request.params;
        const location = await feedMediaLocation(deps(), username, token, Number(itemId));
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/users/feeds',
      tags: ['account'],
      schema: {
        summary: 'My feed links: one per creator I follow or am a member of',
        operationId: 'listFeedLinks',
        response: { 200: FeedLinksResponse },
      },
      handler: ({ viewer, reply }) => {
        reply.header('cache-control', 'private, no-store');
        return listFeedLinks(ctx.db, key, viewer, ctx.config.publicUrl, ctx.clock.now());
      },
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/users/feeds/:creatorId/rotate',
      tags: ['account'],
      perCaller: 20,
      // feed_link_unavailable: a creator the person neither follows nor is a member of.
      errors: [409],
      schema: {
        summary: 'Make or reset my private feed link for a creator (the old link stops)',
        operationId: 'rotateFeedLink',
        params: RotateFeedLinkParams,
        response: { 200: FeedLink },
      },
      handler: ({ viewer, request, reply, meta }) => {
        reply.header('cache-control', 'private, no-store');
        return rotateFeedLink(
          ctx.db,
          key,
          viewer,
          request.params.creatorId,
          ctx.config.publicUrl,
          meta(),
        );
      },
    });
  };
