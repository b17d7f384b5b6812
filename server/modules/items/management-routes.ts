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
import { routesFor } from '../../http/route';
import { deleteItem, listOwnItems, setPublished, updateItem } from './management';
import { listScheduledItems } from './scheduling';
import type { ItemsDeps } from './service';

// Malformed ids reach the service, which answers 404 like for an unknown item.
const ItemParams = z.object({ id: z.string().max(40) });
const PER_MINUTE = 60;
// item_deleted: a deleted item cannot be changed.
const CHANGE_ERRORS = [409] as const;

/**
 * Item management by its owner (issue 10): list, edit, publish, unpublish, delete; and the
 * scheduled ones (issue 42).
 */
export const itemManagementRoutes =
  (ctx: Container, deps: ItemsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['items'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/aura/mine',
      perCaller: PER_MINUTE,
      schema: {
        summary: 'The signed-in creator’s own items',
        operationId: 'listOwnItems',
        response: { 200: OwnItemList },
      },
      handler: ({ viewer }) => listOwnItems(deps, viewer),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/aura/scheduled',
      perCaller: PER_MINUTE,
      schema: {
        summary: 'The signed-in creator’s scheduled items, soonest first',
        operationId: 'listScheduledItems',
        response: { 200: ScheduledItemList },
      },
      handler: ({ viewer }) => listScheduledItems(deps, viewer),
    });

    route.authed({
      method: 'PATCH',
      url: '/api/v1/aura/:id',
      perCaller: PER_MINUTE,
      errors: CHANGE_ERRORS,
      schema: {
        summary: 'Edit an own item',
        operationId: 'updateItem',
        params: ItemParams,
        body: UpdateItemRequest,
        response: { 200: UpdateItemResponse },
      },
      handler: ({ viewer, request, meta }) =>
        updateItem(deps, viewer, request.params.id, request.body, meta()),
    });

    for (const [action, isPublished] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      route.authed({
        method: 'POST',
        url: `/api/v1/aura/:id/${action}`,
        perCaller: PER_MINUTE,
        errors: CHANGE_ERRORS,
        schema: {
          summary: isPublished ? 'Publish an own item' : 'Unpublish an own item',
          operationId: isPublished ? 'publishItem' : 'unpublishItem',
          params: ItemParams,
          response: { 200: OwnItem },
        },
        handler: ({ viewer, request, meta }) =>
          setPublished(deps, viewer, request.params.id, isPublished, meta()),
      });
    }

    route.authed({
      method: 'DELETE',
      url: '/api/v1/aura/:id',
      perCaller: PER_MINUTE,
      errors: CHANGE_ERRORS,
      schema: {
        summary: 'Delete an own item',
        operationId: 'deleteItem',
        params: ItemParams,
        response: { 200: OwnItem },
      },
      handler: ({ viewer, request, meta }) => deleteItem(deps, viewer, request.params.id, meta()),
    });
  };
