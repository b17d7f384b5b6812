import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockResponse } from '../../../common/schemas/blocks';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { setBlocked } from './service';

// Any text reaches the service, which answers 404 for what cannot be a user id.
const UserParams = z.object({ id: z.string().max(64) });

/** Block and unblock a person (issue 11). */
export const blocksRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [method, shouldBlock] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/api/v1/users/:id/block',
        preHandler: ctx.guards.requireAuth,
        config: perCaller(ctx.tokens, 60),
        schema: {
          tags: ['blocks'],
          summary: shouldBlock ? 'Block a person' : 'Unblock a person',
          operationId: shouldBlock ? 'blockUser' : 'unblockUser',
          params: UserParams,
          response: { 200: BlockResponse },
        },
        handler: async (request) =>
          setBlocked(
            ctx.db,
            ctx.guards.viewerOf(request),
            request.params.id,
            shouldBlock,
            requestMeta(request, ctx.clock),
          ),
      });
    }
  };
