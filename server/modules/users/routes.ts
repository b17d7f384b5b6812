import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileResponse } from '../../../common/schemas/users';
import type { Container } from '../../container';
import { ownProfile } from './own-profile';

/** The signed-in user's own profile (issue 3); anyone's public one is the profiles module's. */
export const usersRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/users/profile',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['users'],
          summary: 'The signed-in account',
          operationId: 'getOwnProfile',
          response: { 200: ProfileResponse },
        },
      },
      async (request) => ownProfile(ctx.db, ctx.guards.viewerOf(request).id),
    );
  };
