import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatUsersPage,
  ChatUsersQuery,
  MarkReadRequest,
  MarkReadResponse,
  MessageHistory,
  MessageHistoryQuery,
  SendMessageRequest,
  SendMessageResponse,
  UnreadSummary,
} from '../../../common/schemas/messages';
import { ReportMessageRequest, ReportResponse } from '../../../common/schemas/reports';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { unreadTotal } from './conversations';
import { listChatUsers } from './directory.read-model';
import { getHistory, markRead } from './history';
import { reportMessage } from './report-message';
import { sendMessage } from './send';

// Any text reaches the service, which answers 404 for what cannot be a user id.
const PeerParams = z.object({ userId: z.string().max(64) });

const tags = ['messages'];

/** Direct messages (issue 11): inbox and search, history, send, read marks, reports. */
export const messagesRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock, guards } = ctx;

    app.get(
      '/api/v1/messages/users',
      {
        preHandler: guards.requireAuth,
        config: perCaller(ctx.tokens, 240),
        schema: {
          tags,
          summary: 'Conversations and people to message',
          operationId: 'listChatUsers',
          querystring: ChatUsersQuery,
          response: { 200: ChatUsersPage },
        },
      },
      async (request) => listChatUsers(db, guards.viewerOf(request), request.query, clock.now()),
    );

    app.get(
      '/api/v1/messages/unread',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags,
          summary: 'Unread messages in all',
          operationId: 'getUnreadMessages',
          response: { 200: UnreadSummary },
        },
      },
      async (request) => ({ total: await unreadTotal(db, guards.viewerOf(request).id) }),
    );

    app.post(
      '/api/v1/messages/report',
      {
        preHandler: guards.requireAuth,
        config: perCaller(ctx.tokens, 30),
        schema: {
          tags,
          summary: 'Report a message',
          operationId: 'reportMessage',
          body: ReportMessageRequest,
          response: { 200: ReportResponse, 201: ReportResponse },
        },
      },
      async (request, reply) => {
        const { created, ...report } = await reportMessage(
          db,
          guards.viewerOf(request),
          request.body,
          requestMeta(request, clock),
        );
        return reply.status(created ? 201 : 200).send(report);
      },
    );

    app.get(
      '/api/v1/messages/:userId',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags,
          summary: 'The conversation with a person, a page at a time',
          operationId: 'getConversation',
          params: PeerParams,
          querystring: MessageHistoryQuery,
          response: { 200: MessageHistory },
        },
      },
      async (request) =>
        getHistory(db, guards.viewerOf(request), request.params.userId, request.query, clock.now()),
    );

    app.post(
      '/api/v1/messages/:userId',
      {
        preHandler: guards.requireAuth,
        // Per user, shared by every instance through Redis when REDIS_URL is set.
        config: {
          ...perCaller(ctx.tokens, ctx.config.MESSAGE_RATE_LIMIT_PER_MINUTE),
          // client_id_reused.
          openapi: { errors: [409] },
        },
        schema: {
          tags,
          summary: 'Send a message',
          operationId: 'sendMessage',
          params: PeerParams,
          body: SendMessageRequest,
          response: { 200: SendMessageResponse, 201: SendMessageResponse },
        },
      },
      async (request, reply) => {
        const { created, ...answer } = await sendMessage(
          db,
          guards.viewerOf(request),
          request.params.userId,
          request.body,
          requestMeta(request, clock),
        );
        return reply.status(created ? 201 : 200).send(answer);
      },
    );

    app.post(
      '/api/v1/messages/:userId/read',
      {
        preHandler: guards.requireAuth,
        config: perCaller(ctx.tokens, 600),
        schema: {
          tags,
          summary: 'Mark a conversation read',
          operationId: 'markConversationRead',
          params: PeerParams,
          body: MarkReadRequest,
          response: { 200: MarkReadResponse },
        },
      },
      async (request) =>
        markRead(
          db,
          guards.viewerOf(request),
          request.params.userId,
          request.body,
          requestMeta(request, clock),
        ),
    );
  };
