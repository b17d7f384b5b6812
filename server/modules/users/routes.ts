import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileResponse } from '../../../common/schemas/users';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { ownProfile } from './own-profile';

/** The signed-in user's own profile (issue 3); anyone's public one is the profiles module's. */
export const usersRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['users'] });
    route.authed({
      method: 'GET',
      url: '/api/v1/users/profile',
      schema: {
        summary: 'The signed-in account',
        operationId: 'getOwnProfile',
        response: { 200: ProfileResponse },
      },
      handler: ({ viewer }) => ownProfile(ctx.db, viewer.id),
    });
  };
