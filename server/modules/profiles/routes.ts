import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatorProfileResponse,
  UpdateCreatorProfileRequest,
} from '../../../common/schemas/creator-profile';
import { PublicProfileResponse } from '../../../common/schemas/users';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
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

    app.get(
      '/api/v1/users/:id',
      {
        preHandler: ctx.guards.optionalAuth,
        schema: {
          tags: ['users'],
          summary: 'A person’s public profile',
          operationId: 'getPublicProfile',
          params: UserParams,
          response: { 200: PublicProfileResponse },
        },
      },
      async (request) =>
        publicProfile(ctx.db, deps.urls, request.viewer, request.params.id, ctx.clock.now()),
    );

    app.get(
      '/api/v1/auth/profile',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['profiles'],
          summary: 'The signed-in creator’s profile page settings',
          operationId: 'getOwnCreatorProfile',
          response: { 200: CreatorProfileResponse },
        },
      },
      async (request) => ownCreatorProfile(deps, ctx.guards.viewerOf(request)),
    );

    app.put(
      '/api/v1/auth/profile',
      {
        preHandler: ctx.guards.requireAuth,
        // usernameTaken.
        config: { ...perCaller(ctx.tokens, 30), openapi: { errors: [409] } },
        schema: {
          tags: ['profiles'],
          summary: 'Save the signed-in creator’s profile page',
          operationId: 'saveCreatorProfile',
          body: UpdateCreatorProfileRequest,
          response: { 200: CreatorProfileResponse },
        },
      },
      async (request) =>
        saveCreatorProfile(
          deps,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        ),
    );

    app.get(
      '/api/v1/creators/:username',
      {
        preHandler: ctx.guards.optionalAuth,
        config: perCaller(ctx.tokens, 300),
        schema: {
          tags: ['profiles'],
          summary: 'A creator’s profile page (counts a visit)',
          operationId: 'getCreatorProfile',
          params: CreatorParams,
          response: { 200: CreatorProfileResponse },
        },
      },
      async (request) =>
        visitCreatorProfile(
          deps,
          request.viewer,
          request.params.username,
          request.ip,
          requestMeta(request, ctx.clock),
        ),
    );
  };
