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
import { routesFor } from '../../http/route';
import { unreadTotal } from './chat-users.read-model';
import { listChatUsers } from './directory.read-model';
import { getHistory, markRead } from './history';
import { reportMessage } from './report-message';
import { sendMessage } from './send';

// Any text reaches the service, which answers 404 for what cannot be a user id.
const PeerParams = z.object({ userId: z.string().max(64) });

/** Direct messages (issue 11): inbox and search, history, send, read marks, reports. */
export const messagesRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = ctx;
    const route = routesFor(app, ctx, { tags: ['messages'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/messages/users',
      perCaller: 240,
      schema: {
        summary: 'Conversations and people to message',
        operationId: 'listChatUsers',
        querystring: ChatUsersQuery,
        response: { 200: ChatUsersPage },
      },
      handler: ({ viewer, request }) => listChatUsers(db, viewer, request.query, clock.now()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/messages/unread',
      schema: {
        summary: 'Unread messages in all',
        operationId: 'getUnreadMessages',
        response: { 200: UnreadSummary },
      },
      handler: async ({ viewer }) => ({ total: await unreadTotal(db, viewer.id) }),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/messages/report',
      perCaller: 30,
      // The message does not exist or is not in a conversation of the caller's.
      errors: [404],
      schema: {
        summary: 'Report a message',
        operationId: 'reportMessage',
        body: ReportMessageRequest,
        response: { 200: ReportResponse, 201: ReportResponse },
      },
      handler: async ({ viewer, request, reply, meta }) => {
        const { created, ...report } = await reportMessage(db, viewer, request.body, meta());
        return reply.status(created ? 201 : 200).send(report);
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/messages/:userId',
      schema: {
        summary: 'The conversation with a person, a page at a time',
        operationId: 'getConversation',
        params: PeerParams,
        querystring: MessageHistoryQuery,
        response: { 200: MessageHistory },
      },
      handler: ({ viewer, request }) =>
        getHistory(db, viewer, request.params.userId, request.query, clock.now()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/messages/:userId',
      // Per user, shared by every instance through Redis when REDIS_URL is set.
      perCaller: ctx.config.MESSAGE_RATE_LIMIT_PER_MINUTE,
      // client_id_reused.
      errors: [409],
      schema: {
        summary: 'Send a message',
        operationId: 'sendMessage',
        params: PeerParams,
        body: SendMessageRequest,
        response: { 200: SendMessageResponse, 201: SendMessageResponse },
      },
      handler: async ({ viewer, request, reply, meta }) => {
        const { created, ...answer } = await sendMessage(
          db,
          viewer,
          request.params.userId,
          request.body,
          meta(),
        );
        return reply.status(created ? 201 : 200).send(answer);
      },
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/messages/:userId/read',
      perCaller: 600,
      schema: {
        summary: 'Mark a conversation read',
        operationId: 'markConversationRead',
        params: PeerParams,
        body: MarkReadRequest,
        response: { 200: MarkReadResponse },
      },
      handler: ({ viewer, request, meta }) =>
        markRead(db, viewer, request.params.userId, request.body, meta()),
    });
  };
