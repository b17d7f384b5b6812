import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OwnItem,
  OwnItemList,
  ScheduledItemList,
  UpdateItemRequest,
  UpdateItemResponse,
} from '../../../common/schemas/items';
import type { Container } from '../../container';
import type { RouteDoc } from '../../http/openapi/route-doc';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { deleteItem, listOwnItems, setPublished, updateItem } from './management';
import { listScheduledItems } from './scheduling';
import type { ItemsDeps } from './service';

// Malformed ids reach the service, which answers 404 like for an unknown item.
const ItemParams = z.object({ id: z.string().max(40) });

/**
 * Item management by its owner (issue 10): list, edit, publish, unpublish, delete; and the
 * scheduled ones (issue 42).
 */
export const itemManagementRoutes =
  (ctx: Container, deps: ItemsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guarded = { preHandler: ctx.guards.requireAuth, config: perCaller(ctx.tokens, 60) };
    // item_deleted: a deleted item cannot be changed.
    const changes = {
      ...guarded,
      config: { ...guarded.config, openapi: { errors: [409] } satisfies RouteDoc },
    };

    app.get(
      '/api/v1/aura/mine',
      {
        ...guarded,
        schema: {
          tags: ['items'],
          summary: 'The signed-in creator’s own items',
          operationId: 'listOwnItems',
          response: { 200: OwnItemList },
        },
      },
      async (request) => listOwnItems(deps, ctx.guards.viewerOf(request)),
    );

    app.get(
      '/api/v1/aura/scheduled',
      {
        ...guarded,
        schema: {
          tags: ['items'],
          summary: 'The signed-in creator’s scheduled items, soonest first',
          operationId: 'listScheduledItems',
          response: { 200: ScheduledItemList },
        },
      },
      async (request) => listScheduledItems(deps, ctx.guards.viewerOf(request)),
    );

    app.patch(
      '/api/v1/aura/:id',
      {
        ...changes,
        schema: {
          tags: ['items'],
          summary: 'Edit an own item',
          operationId: 'updateItem',
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
          ...changes,
          schema: {
            tags: ['items'],
            summary: isPublished ? 'Publish an own item' : 'Unpublish an own item',
            operationId: isPublished ? 'publishItem' : 'unpublishItem',
            params: ItemParams,
            response: { 200: OwnItem },
          },
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
        ...changes,
        schema: {
          tags: ['items'],
          summary: 'Delete an own item',
          operationId: 'deleteItem',
          params: ItemParams,
          response: { 200: OwnItem },
        },
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
