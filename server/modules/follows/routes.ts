import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FollowResponse } from '../../../common/schemas/follows';
import type { Container } from '../../container';
import { requestMeta } from '../../http/request-meta';
import { setFollowing } from './service';

// Any text reaches the service, which answers 404 for what cannot be a username.
const CreatorParams = z.object({ username: z.string() });

/** SPEC §7 follow and unfollow of a creator by username (bearer, no body). */
export const followsRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [action, shouldFollow] of [
      ['follow', true],
      ['unfollow', false],
    ] as const) {
      app.post(
        `/api/creator/:username/${action}`,
        {
          preHandler: ctx.guards.requireAuth,
          schema: {
            tags: ['follows'],
            summary: shouldFollow ? 'Follow a creator' : 'Unfollow a creator',
            operationId: shouldFollow ? 'followCreator' : 'unfollowCreator',
            params: CreatorParams,
            response: { 200: FollowResponse },
          },
        },
        async (request) =>
          setFollowing(
            ctx.db,
            ctx.guards.viewerOf(request),
            request.params.username,
            shouldFollow,
            requestMeta(request, ctx.clock),
          ),
      );
    }
  };
