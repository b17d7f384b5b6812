import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatorProfileResponse,
  UpdateCreatorProfileRequest,
} from '../../../common/schemas/creator-profile';
import { PublicProfileResponse } from '../../../common/schemas/users';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { publicProfile } from './public-profile';
import {
  ownCreatorProfile,
  saveCreatorProfile,
  visitCreatorProfile,
  type ProfilesDeps,
} from './service';

// Any text reaches the service, which answers 404 for what cannot be a username.
const CreatorParams = z.object({ username: z.string().max(100) });
// Any text is accepted here and an id that is no uuid answers 404 (SPEC §7 profile by id).
const UserParams = z.object({ id: z.string() });

/**
 * Creator profiles (issue 12): the signed-in creator's own, saving it, and anyone's by username;
 * and anyone's public profile by id (issue 3).
 */
export const profilesRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: ProfilesDeps = {
      db: ctx.db,
      urls: ctx.mediaUrls,
      clock: ctx.clock,
      visitorHashKey: ctx.keys['visitor-hash'],
    };
    const route = routesFor(app, ctx, { tags: ['profiles'] });

    route.optional({
      method: 'GET',
      url: '/api/v1/users/:id',
      tags: ['users'],
      schema: {
        summary: 'A person’s public profile',
        operationId: 'getPublicProfile',
        params: UserParams,
        response: { 200: PublicProfileResponse },
      },
      handler: ({ viewer, request }) =>
        publicProfile(ctx.db, deps.urls, viewer, request.params.id, ctx.clock.now()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/auth/profile',
      schema: {
        summary: 'The signed-in creator’s profile page settings',
        operationId: 'getOwnCreatorProfile',
        response: { 200: CreatorProfileResponse },
      },
      handler: ({ viewer }) => ownCreatorProfile(deps, viewer),
    });

    route.authed({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      perCaller: 30,
      // usernameTaken.
      errors: [409],
      schema: {
        summary: 'Save the signed-in creator’s profile page',
        operationId: 'saveCreatorProfile',
        body: UpdateCreatorProfileRequest,
        response: { 200: CreatorProfileResponse },
      },
      handler: ({ viewer, request, meta }) =>
        saveCreatorProfile(deps, viewer, request.body, meta()),
    });

    route.optional({
      method: 'GET',
      url: '/api/v1/creators/:username',
      perCaller: 300,
      schema: {
        summary: 'A creator’s profile page (counts a visit)',
        operationId: 'getCreatorProfile',
        params: CreatorParams,
        response: { 200: CreatorProfileResponse },
      },
      handler: ({ viewer, request, meta }) =>
        visitCreatorProfile(deps, viewer, request.params.username, request.ip, meta()),
    });
  };
