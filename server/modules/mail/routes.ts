import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailStatusResponse,
  ForgotPasswordRequest,
  MessageResponse,
  NotMeRequest,
  NoticeSettings,
  NoticeSettingsPatch,
  OutboxQuery,
  OutboxResponse,
  ResetPasswordRequest,
  UnsubscribeResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '../../../common/schemas/mail';
import { isMailUndelivered } from '../../adapters/mail/index';
import type { Container } from '../../container';
import { perCaller, perMinute } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import {
  emailStatus,
  forgotPassword,
  resendVerification,
  resetPassword,
  verifyEmail,
  type AccountMailDeps,
} from './account-mail';
import { noticeSettings, unsubscribe, updateNoticeSettings } from './notice-settings';
import { takeBackAddress } from './not-me';
import { listOutbox } from './outbox-list.read-model';

/**
 * E-mail (issue 16): verification, password reset, the admin outbox, notice switches and the
 * one-click unsubscribe. Sending happens in the job runner; these calls only queue.
 */
export const mailRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = ctx;
    const deps: AccountMailDeps = {
      db: ctx.db,
      clock: ctx.clock,
      key: ctx.keys['mail-links'],
      resendPerHour: config.MAIL_RESEND_PER_HOUR,
      resetPerHour: config.PASSWORD_RESET_PER_HOUR,
    };
    const authLimit = perMinute(config.AUTH_RATE_LIMIT_PER_MINUTE);
    const auth = { preHandler: ctx.guards.requireAuth };
    const meta = (request: Parameters<typeof requestMeta>[0]) => requestMeta(request, ctx.clock);

    // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post(
      '/api/v1/auth/verify-email',
      {
        config: authLimit,
        schema: {
          tags: ['auth'],
          summary: 'Confirm an e-mail address (the link’s token)',
          operationId: 'verifyEmail',
          body: VerifyEmailRequest,
          response: { 200: VerifyEmailResponse },
        },
      },
      async (request) => verifyEmail(deps, request.body.token, meta(request)),
    );

    app.post(
      '/api/v1/auth/not-me',
      {
        config: authLimit,
        schema: {
          tags: ['auth'],
          summary: 'Take back an address someone else signed up with',
          operationId: 'notMe',
          body: NotMeRequest,
          response: { 200: MessageResponse },
        },
      },
      async (request) => takeBackAddress(ctx.db, request.body.token, meta(request)),
    );

    app.post(
      '/api/v1/auth/resend-verification',
      {
        ...auth,
        // email_already_verified.
        config: { ...perCaller(ctx.tokens, 10), openapi: { errors: [409] } },
        schema: {
          tags: ['auth'],
          summary: 'Send the confirmation e-mail again',
          operationId: 'resendVerification',
          response: { 202: MessageResponse },
        },
      },
      async (request, reply) => {
        await resendVerification(deps, ctx.guards.viewerOf(request), meta(request));
        return reply.code(202).send({ message: 'Verification e-mail sent' });
      },
    );

    app.get(
      '/api/v1/auth/email-status',
      {
        ...auth,
        schema: {
          tags: ['auth'],
          summary: 'Whether the signed-in account’s e-mail is confirmed',
          operationId: 'getEmailStatus',
          response: { 200: EmailStatusResponse },
        },
      },
      async (request) => emailStatus(ctx.db, ctx.guards.viewerOf(request), ctx.clock.now()),
    );

    app.post(
      '/api/v1/auth/forgot-password',
      {
        config: authLimit,
        schema: {
          tags: ['auth'],
          summary: 'Ask for a password reset e-mail',
          operationId: 'forgotPassword',
          body: ForgotPasswordRequest,
          response: { 202: MessageResponse },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await forgotPassword(deps, request.body, meta(request))),
    );

    app.post(
      '/api/v1/auth/reset-password',
      {
        config: authLimit,
        schema: {
          tags: ['auth'],
          summary: 'Set a new password (the reset link’s token)',
          operationId: 'resetPassword',
          body: ResetPasswordRequest,
          response: { 200: MessageResponse },
        },
      },
      async (request) => resetPassword(deps, request.body, meta(request)),
    );

    app.get(
      '/api/v1/admin/outbox',
      {
        ...auth,
        schema: {
          tags: ['admin'],
          summary: 'Admin: the mail outbox',
          operationId: 'adminOutbox',
          querystring: OutboxQuery,
          response: { 200: OutboxResponse },
        },
      },
      async (request) =>
        listOutbox(
          ctx.db,
          ctx.guards.viewerOf(request),
          { transport: config.mailTransport, notDelivered: isMailUndelivered(config) },
          request.query.limit,
        ),
    );

    app.get(
      '/api/v1/users/notices',
      {
        ...auth,
        schema: {
          tags: ['account'],
          summary: 'The signed-in person’s mail notice switches',
          operationId: 'getNoticeSettings',
          response: { 200: NoticeSettings },
        },
      },
      async (request) => noticeSettings(ctx.db, ctx.guards.viewerOf(request)),
    );

    app.patch(
      '/api/v1/users/notices',
      {
        ...auth,
        config: perCaller(ctx.tokens, 60),
        schema: {
          tags: ['account'],
          summary: 'Change mail notice switches',
          operationId: 'updateNoticeSettings',
          body: NoticeSettingsPatch,
          response: { 200: NoticeSettings },
        },
      },
      async (request) =>
        updateNoticeSettings(ctx.db, ctx.guards.viewerOf(request), request.body, meta(request)),
    );

    app.post(
      '/api/v1/mail/unsubscribe',
      {
        config: authLimit,
        schema: {
          tags: ['account'],
          summary: 'One-click unsubscribe from a mail (RFC 8058)',
          operationId: 'unsubscribe',
          querystring: z.object({ token: z.string().max(300).optional() }),
          body: z
            .object({ token: z.string().max(300).optional() })
            .passthrough()
            .optional(),
          response: { 200: UnsubscribeResponse },
        },
      },
      async (request) =>
        unsubscribe(
          ctx.db,
          ctx.keys['mail-links'],
          request.query.token ?? request.body?.token ?? '',
          meta(request),
        ),
    );
  };
