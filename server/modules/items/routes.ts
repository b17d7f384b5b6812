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
import { routesFor } from '../../http/route';
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
    const route = routesFor(app, ctx, { tags: ['items'] });
    await app.register(itemManagementRoutes(ctx, deps));

    route.authed({
      method: 'POST',
      url: '/api/v1/aura/create',
      perCaller: 30,
      schema: {
        summary: 'Create an item',
        operationId: 'createItem',
        headers: IdempotencyKeyHeaders,
        body: CreateItemRequest,
        response: { 201: CreateItemResponse },
      },
      // SPEC §6: upload is open to every signed-in user, so the sign-in guard is the whole check.
      handler: async ({ viewer, request, reply, meta }) => {
        const key = optionalIdempotencyKey(request.headers['idempotency-key']);
        const { replayed, ...created } = await createItem(deps, viewer, request.body, key, meta());
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(created);
      },
    });

    route.optional({
      method: 'GET',
      url: '/api/v1/items/:id',
      schema: {
        summary: 'An item as the caller may see it',
        operationId: 'getItem',
        params: ItemParams,
        response: { 200: ItemDetail },
      },
      // A hot answer: compiled from the same schema, same text (issue 17).
      serializerCompiler: compiledSerializerFor(ItemDetail),
      handler: ({ viewer, request }) => getItem(deps, viewer, request.params.id),
    });

    for (const [method, isLiked] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      route.authed({
        method,
        url: '/api/v1/items/:id/like',
        perCaller: 120,
        schema: {
          summary: isLiked ? 'Like an item' : 'Take back a like',
          operationId: isLiked ? 'likeItem' : 'unlikeItem',
          params: ItemParams,
          response: { 200: LikeResponse },
        },
        handler: ({ viewer, request, meta }) =>
          setLike(engagement, viewer, request.params.id, isLiked, meta()),
      });
    }

    route.optional({
      method: 'GET',
      url: '/api/v1/items/:id/comments',
      schema: {
        summary: 'An item’s comments, a page at a time',
        operationId: 'listComments',
        params: ItemParams,
        querystring: CommentListQuery,
        response: { 200: CommentList },
      },
      handler: ({ viewer, request }) =>
        listComments(engagement, viewer, request.params.id, request.query),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/items/:id/comments',
      perCaller: 30,
      schema: {
        summary: 'Comment on an item',
        operationId: 'createComment',
        params: ItemParams,
        body: CreateCommentRequest,
        response: { 201: CommentResponse },
      },
      handler: async ({ viewer, request, reply, meta }) =>
        reply
          .status(201)
          .send(await addComment(engagement, viewer, request.params.id, request.body.text, meta())),
    });

    route.optional({
      method: 'POST',
      url: '/api/v1/items/:id/visit',
      perCaller: 300,
      schema: {
        summary: 'Count a visit of an item',
        operationId: 'recordItemVisit',
        params: ItemParams,
        response: { 200: VisitResponse },
      },
      handler: ({ viewer, request, meta }) =>
        recordVisit(engagement, viewer, request.params.id, request.ip, meta()),
    });
  };
