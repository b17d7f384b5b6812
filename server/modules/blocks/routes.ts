import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockResponse } from '../../../common/schemas/blocks';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { setBlocked } from './service';

// Any text reaches the service, which answers 404 for what cannot be a user id.
const UserParams = z.object({ id: z.string().max(64) });

/** Block and unblock a person (issue 11). */
export const blocksRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['blocks'] });
    for (const [method, shouldBlock] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      route.authed({
        method,
        url: '/api/v1/users/:id/block',
        perCaller: 60,
        schema: {
          summary: shouldBlock ? 'Block a person' : 'Unblock a person',
          operationId: shouldBlock ? 'blockUser' : 'unblockUser',
          params: UserParams,
          response: { 200: BlockResponse },
        },
        handler: ({ viewer, request, meta }) =>
          setBlocked(ctx.db, viewer, request.params.id, shouldBlock, meta()),
      });
    }
  };
