import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FollowResponse } from '../../../common/schemas/follows';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { setFollowing } from './service';

// Any text reaches the service, which answers 404 for what cannot be a username.
const CreatorParams = z.object({ username: z.string() });

/** SPEC §7 follow and unfollow of a creator by username (bearer, no body). */
export const followsRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['follows'] });
    for (const [action, shouldFollow] of [
      ['follow', true],
      ['unfollow', false],
    ] as const) {
      route.authed({
        method: 'POST',
        url: `/api/creator/:username/${action}`,
        schema: {
          summary: shouldFollow ? 'Follow a creator' : 'Unfollow a creator',
          operationId: shouldFollow ? 'followCreator' : 'unfollowCreator',
          params: CreatorParams,
          response: { 200: FollowResponse },
        },
        handler: ({ viewer, request, meta }) =>
          setFollowing(ctx.db, viewer, request.params.username, shouldFollow, meta()),
      });
    }
  };
