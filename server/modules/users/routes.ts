import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProfileResponse, PublicProfileResponse } from '../../../common/schemas/users';
import type { Container } from '../../container';
import { ownProfile, publicProfile } from './service';

// Any text is accepted here and an id that is no uuid answers 404 (SPEC §7 profile by id).
const UserParams = z.object({ id: z.string() });

/** Profiles (issue 3): the signed-in user's own and anyone's public one. */
export const usersRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const urls = ctx.mediaUrls;

    app.get(
      '/api/v1/users/profile',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          response: { 200: ProfileResponse },
        },
      },
      async (request) => ownProfile(ctx.db, ctx.guards.viewerOf(request).id),
    );

    app.get(
      '/api/v1/users/:id',
      {
        preHandler: ctx.guards.optionalAuth,
        schema: { tags: ['users'], params: UserParams, response: { 200: PublicProfileResponse } },
      },
      async (request) =>
        publicProfile(ctx.db, urls, request.viewer, request.params.id, ctx.clock.now()),
    );
  };
