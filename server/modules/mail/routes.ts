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
import { NewsletterOutbox, NewsletterOutboxQuery } from '../../../common/schemas/newsletter';
import { isMailUndelivered } from '../../adapters/mail/index';
import type { Container } from '../../container';
import { perMinute } from '../../http/rate-limits';
import { routesFor } from '../../http/route';
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
import { smallFormFields } from './form-fields';
import { registerNewsletterRoutes } from './newsletter-routes';
import { listNewsletters } from './newsletter-outbox.read-model';
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
    const route = routesFor(app, ctx, { tags: ['auth'] });

    // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // Some mail clients post the one-click body as multipart/form-data (RFC 8058 allows both).
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (request, body, done) =>
        done(null, smallFormFields(String(body), request.headers['content-type'] ?? '')),
    );
    registerNewsletterRoutes(app, ctx);

    route.open({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      config: authLimit,
      // emailTaken: someone took the address since the link was sent.
      errors: [409],
      schema: {
        summary: 'Confirm an e-mail address (the link’s token)',
        operationId: 'verifyEmail',
        body: VerifyEmailRequest,
        response: { 200: VerifyEmailResponse },
      },
      handler: ({ request, meta }) => verifyEmail(deps, request.body.token, meta()),
    });

    route.open({
      method: 'POST',
      url: '/api/v1/auth/not-me',
      config: authLimit,
      schema: {
        summary: 'Take back an address someone else signed up with',
        operationId: 'notMe',
        body: NotMeRequest,
        response: { 200: MessageResponse },
      },
      handler: ({ request, meta }) => takeBackAddress(ctx.db, request.body.token, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      perCaller: 10,
      // email_already_verified.
      errors: [409],
      schema: {
        summary: 'Send the confirmation e-mail again',
        operationId: 'resendVerification',
        response: { 202: MessageResponse },
      },
      handler: async ({ viewer, reply, meta }) => {
        await resendVerification(deps, viewer, meta());
        return reply.code(202).send({ message: 'Verification e-mail sent' });
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/auth/email-status',
      schema: {
        summary: 'Whether the signed-in account’s e-mail is confirmed',
        operationId: 'getEmailStatus',
        response: { 200: EmailStatusResponse },
      },
      handler: ({ viewer }) => emailStatus(ctx.db, viewer, ctx.clock.now()),
    });

    route.open({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      config: authLimit,
      schema: {
        summary: 'Ask for a password reset e-mail',
        operationId: 'forgotPassword',
        body: ForgotPasswordRequest,
        response: { 202: MessageResponse },
      },
      handler: async ({ request, reply, meta }) =>
        reply.code(202).send(await forgotPassword(deps, request.body, meta())),
    });

    route.open({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      config: authLimit,
      schema: {
        summary: 'Set a new password (the reset link’s token)',
        operationId: 'resetPassword',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse },
      },
      handler: ({ request, meta }) => resetPassword(deps, request.body, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/outbox',
      tags: ['admin'],
      schema: {
        summary: 'Admin: the mail outbox',
        operationId: 'adminOutbox',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse },
      },
      handler: ({ viewer, request }) =>
        listOutbox(
          ctx.db,
          viewer,
          { transport: config.mailTransport, notDelivered: isMailUndelivered(config) },
          request.query.limit,
        ),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/outbox/newsletters',
      tags: ['admin'],
      schema: {
        summary: 'Admin: the latest new-post e-mails and updates, with their counts',
        operationId: 'adminNewsletters',
        querystring: NewsletterOutboxQuery,
        response: { 200: NewsletterOutbox },
      },
      handler: ({ viewer, request }) => listNewsletters(ctx.db, viewer, request.query.limit),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/users/notices',
      tags: ['account'],
      schema: {
        summary: 'The signed-in person’s mail notice switches',
        operationId: 'getNoticeSettings',
        response: { 200: NoticeSettings },
      },
      handler: ({ viewer }) => noticeSettings(ctx.db, viewer),
    });

    route.authed({
      method: 'PATCH',
      url: '/api/v1/users/notices',
      tags: ['account'],
      perCaller: 60,
      schema: {
        summary: 'Change mail notice switches',
        operationId: 'updateNoticeSettings',
        body: NoticeSettingsPatch,
        response: { 200: NoticeSettings },
      },
      handler: ({ viewer, request, meta }) =>
        updateNoticeSettings(ctx.db, viewer, request.body, meta()),
    });

    route.open({
      method: 'POST',
      url: '/api/v1/mail/unsubscribe',
      tags: ['account'],
      config: authLimit,
      schema: {
        summary: 'One-click unsubscribe from a mail (RFC 8058)',
        operationId: 'unsubscribe',
        querystring: z.object({ token: z.string().max(300).optional() }),
        body: z
          .object({ token: z.string().max(300).optional() })
          .passthrough()
          .optional(),
        response: { 200: UnsubscribeResponse },
      },
      handler: ({ request, meta }) =>
        unsubscribe(
          ctx.db,
          ctx.keys['mail-links'],
          request.query.token ?? request.body?.token ?? '',
          meta(),
        ),
    });
  };
