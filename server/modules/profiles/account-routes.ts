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
import { routesFor } from '../../http/route';
import { PASSWORD_CHECKS_PER_MINUTE } from '../auth/index';
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
    const route = routesFor(app, ctx, { tags: ['account'] });

    route.authed({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      perCaller: 30,
      // usernameTaken.
      errors: [409],
      schema: {
        summary: 'Change the signed-in account (username, name, avatar, ...)',
        operationId: 'updateOwnAccount',
        body: UpdateAccountRequest,
        response: { 200: ProfileResponse },
      },
      handler: ({ viewer, request, meta }) => updateOwnAccount(deps, viewer, request.body, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/users/password',
      perCaller: PASSWORD_CHECKS_PER_MINUTE,
      schema: {
        summary: 'Change the password (returns a new token)',
        operationId: 'changePassword',
        body: ChangePasswordRequest,
        response: { 200: LoginResponse },
      },
      handler: ({ viewer, request, meta }) => changeOwnPassword(deps, viewer, request.body, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/users/email',
      perCaller: PASSWORD_CHECKS_PER_MINUTE,
      // emailTaken.
      errors: [409],
      schema: {
        summary: 'Change the e-mail address',
        operationId: 'changeEmail',
        body: ChangeEmailRequest,
        response: { 200: ProfileResponse },
      },
      handler: ({ viewer, request, meta }) => changeOwnEmail(deps, viewer, request.body, meta()),
    });

    route.authed({
      method: 'DELETE',
      url: '/api/v1/users/profile',
      perCaller: PASSWORD_CHECKS_PER_MINUTE,
      schema: {
        summary: 'Delete the signed-in account',
        operationId: 'deleteOwnAccount',
        body: DeleteAccountRequest,
        response: { 200: DeleteAccountResponse },
      },
      handler: async ({ viewer, request, meta }) => {
        await deleteOwnAccount(deps, viewer, request.body, meta());
        return { message: 'Account deleted' };
      },
    });
  };
