import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommentList,
  CommentListQuery,
  CommentResponse,
  CreateCommentRequest,
  CreateItemRequest,
  CreateItemResponse,
  ItemDetail,
  LikeResponse,
  VisitResponse,
} from '../../../common/schemas/items';
import type { Container } from '../../container';
import { compiledSerializerFor } from '../../http/compiled-serializer';
import { IdempotencyKeyHeaders, optionalIdempotencyKey } from '../../http/idempotency-key';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { addComment, listComments, recordVisit, setLike, type EngagementDeps } from './engagement';
import { itemManagementRoutes } from './management-routes';
import { createItem, getItem, type ItemsDeps } from './service';

// Malformed ids reach the service, which answers 404 like for an unknown item.
const ItemParams = z.object({ id: z.string().max(40) });

export const itemsRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: ItemsDeps = { db: ctx.db, clock: ctx.clock, urls: ctx.mediaUrls };
    const engagement: EngagementDeps = { db: ctx.db, visitorKey: ctx.keys['visitor-hash'] };
    const meta = (request: FastifyRequest) => requestMeta(request, ctx.clock);
    await app.register(itemManagementRoutes(ctx, deps));

    app.post(
      '/api/v1/aura/create',
      {
        preHandler: ctx.guards.requireAuth,
        config: perCaller(ctx.tokens, 30),
        schema: {
          tags: ['items'],
          summary: 'Create an item',
          operationId: 'createItem',
          headers: IdempotencyKeyHeaders,
          body: CreateItemRequest,
          response: { 201: CreateItemResponse },
        },
      },
      async (request, reply) => {
        // SPEC §6: upload is open to every signed-in user, so requireAuth is the whole check.
        const viewer = ctx.guards.viewerOf(request);
        const key = optionalIdempotencyKey(request.headers['idempotency-key']);
        const { replayed, ...created } = await createItem(
          deps,
          viewer,
          request.body,
          key,
          meta(request),
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/v1/items/:id',
      {
        preHandler: ctx.guards.optionalAuth,
        schema: {
          tags: ['items'],
          summary: 'An item as the caller may see it',
          operationId: 'getItem',
          params: ItemParams,
          response: { 200: ItemDetail },
        },
        // A hot answer: compiled from the same schema, same text (issue 17).
        serializerCompiler: compiledSerializerFor(ItemDetail),
      },
      async (request) => getItem(deps, request.viewer, request.params.id),
    );

    for (const [method, isLiked] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/api/v1/items/:id/like',
        preHandler: ctx.guards.requireAuth,
        config: perCaller(ctx.tokens, 120),
        schema: {
          tags: ['items'],
          summary: isLiked ? 'Like an item' : 'Take back a like',
          operationId: isLiked ? 'likeItem' : 'unlikeItem',
          params: ItemParams,
          response: { 200: LikeResponse },
        },
        handler: async (request) =>
          setLike(
            engagement,
            ctx.guards.viewerOf(request),
            request.params.id,
            isLiked,
            meta(request),
          ),
      });
    }

    app.get(
      '/api/v1/items/:id/comments',
      {
        preHandler: ctx.guards.optionalAuth,
        schema: {
          tags: ['items'],
          summary: 'An item’s comments, a page at a time',
          operationId: 'listComments',
          params: ItemParams,
          querystring: CommentListQuery,
          response: { 200: CommentList },
        },
      },
      async (request) => listComments(engagement, request.viewer, request.params.id, request.query),
    );

    app.post(
      '/api/v1/items/:id/comments',
      {
        preHandler: ctx.guards.requireAuth,
        config: perCaller(ctx.tokens, 30),
        schema: {
          tags: ['items'],
          summary: 'Comment on an item',
          operationId: 'createComment',
          params: ItemParams,
          body: CreateCommentRequest,
          response: { 201: CommentResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await addComment(
              engagement,
              ctx.guards.viewerOf(request),
              request.params.id,
              request.body.text,
              meta(request),
            ),
          ),
    );

    app.post(
      '/api/v1/items/:id/visit',
      {
        preHandler: ctx.guards.optionalAuth,
        config: perCaller(ctx.tokens, 300),
        schema: {
          tags: ['items'],
          summary: 'Count a visit of an item',
          operationId: 'recordItemVisit',
          params: ItemParams,
          response: { 200: VisitResponse },
        },
      },
      async (request) =>
        recordVisit(engagement, request.viewer, request.params.id, request.ip, meta(request)),
    );
  };
