import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OwnItem,
  OwnItemList,
  UpdateItemRequest,
  UpdateItemResponse,
} from '../../../common/schemas/items';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { deleteItem, listOwnItems, setPublished, updateItem } from './management';
import type { ItemsDeps } from './service';

// Malformed ids reach the service, which answers 404 like for an unknown item.
const ItemParams = z.object({ id: z.string().max(40) });
const security = [{ bearer: [] }];

/** Item management by its owner (issue 10): list, edit, publish, unpublish, delete. */
export const itemManagementRoutes =
  (ctx: Container, deps: ItemsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guarded = { preHandler: ctx.guards.requireAuth, config: perCaller(ctx.tokens, 60) };

    app.get(
      '/api/v1/aura/mine',
      { ...guarded, schema: { tags: ['items'], security, response: { 200: OwnItemList } } },
      async (request) => listOwnItems(deps, ctx.guards.viewerOf(request)),
    );

    app.patch(
      '/api/v1/aura/:id',
      {
        ...guarded,
        schema: {
          tags: ['items'],
          security,
          params: ItemParams,
          body: UpdateItemRequest,
          response: { 200: UpdateItemResponse },
        },
      },
      async (request) =>
        updateItem(
          deps,
          ctx.guards.viewerOf(request),
          request.params.id,
          request.body,
          requestMeta(request, ctx.clock),
        ),
    );

    for (const [action, isPublished] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `/api/v1/aura/:id/${action}`,
        {
          ...guarded,
          schema: { tags: ['items'], security, params: ItemParams, response: { 200: OwnItem } },
        },
        async (request) =>
          setPublished(
            deps,
            ctx.guards.viewerOf(request),
            request.params.id,
            isPublished,
            requestMeta(request, ctx.clock),
          ),
      );
    }

    app.delete(
      '/api/v1/aura/:id',
      {
        ...guarded,
        schema: { tags: ['items'], security, params: ItemParams, response: { 200: OwnItem } },
      },
      async (request) =>
        deleteItem(
          deps,
          ctx.guards.viewerOf(request),
          request.params.id,
          requestMeta(request, ctx.clock),
        ),
    );
  };
