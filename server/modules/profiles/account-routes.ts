import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  DeleteAccountResponse,
  UpdateAccountRequest,
} from '../../../common/schemas/account';
import { LoginResponse } from '../../../common/schemas/auth';
import { ProfileResponse } from '../../../common/schemas/users';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { PASSWORD_CHECKS_PER_MINUTE } from '../auth/index';
import { requestMeta } from '../../http/request-meta';
import {
  changeOwnEmail,
  changeOwnPassword,
  deleteOwnAccount,
  updateOwnAccount,
  type AccountDeps,
} from './account-service';

/** Account settings (issue 12) of the signed-in person. */
export const accountRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: AccountDeps = {
      db: ctx.db,
      tokens: ctx.tokens,
      payments: ctx.payments,
      mailKey: ctx.keys['mail-links'],
    };
    const passwordChecks = perCaller(ctx.tokens, PASSWORD_CHECKS_PER_MINUTE);

    app.patch(
      '/api/v1/users/profile',
      {
        preHandler: ctx.guards.requireAuth,
        // usernameTaken.
        config: { ...perCaller(ctx.tokens, 30), openapi: { errors: [409] } },
        schema: {
          tags: ['account'],
          summary: 'Change the signed-in account (username, name, avatar, ...)',
          operationId: 'updateOwnAccount',
          body: UpdateAccountRequest,
          response: { 200: ProfileResponse },
        },
      },
      async (request) =>
        updateOwnAccount(
          deps,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        ),
    );

    app.post(
      '/api/v1/users/password',
      {
        preHandler: ctx.guards.requireAuth,
        config: passwordChecks,
        schema: {
          tags: ['account'],
          summary: 'Change the password (returns a new token)',
          operationId: 'changePassword',
          body: ChangePasswordRequest,
          response: { 200: LoginResponse },
        },
      },
      async (request) =>
        changeOwnPassword(
          deps,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        ),
    );

    app.post(
      '/api/v1/users/email',
      {
        preHandler: ctx.guards.requireAuth,
        // emailTaken.
        config: { ...passwordChecks, openapi: { errors: [409] } },
        schema: {
          tags: ['account'],
          summary: 'Change the e-mail address',
          operationId: 'changeEmail',
          body: ChangeEmailRequest,
          response: { 200: ProfileResponse },
        },
      },
      async (request) =>
        changeOwnEmail(
          deps,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        ),
    );

    app.delete(
      '/api/v1/users/profile',
      {
        preHandler: ctx.guards.requireAuth,
        config: passwordChecks,
        schema: {
          tags: ['account'],
          summary: 'Delete the signed-in account',
          operationId: 'deleteOwnAccount',
          body: DeleteAccountRequest,
          response: { 200: DeleteAccountResponse },
        },
      },
      async (request) => {
        await deleteOwnAccount(
          deps,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        );
        return { message: 'Account deleted' };
      },
    );
  };
