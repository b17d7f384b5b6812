import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateReportRequest, CreateReportResponse } from '../../../common/schemas/reports';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { fileReport } from './filing';

/** The report button (issue 14): any signed-in person reports an item, a comment or a user. */
export const reportsRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/reports',
      {
        preHandler: ctx.guards.requireAuth,
        config: perCaller(ctx.tokens, 30),
        schema: {
          tags: ['reports'],
          summary: 'Report an item or a person',
          operationId: 'createReport',
          body: CreateReportRequest,
          response: { 200: CreateReportResponse, 201: CreateReportResponse },
        },
      },
      async (request, reply) => {
        const answer = await fileReport(
          ctx.db,
          ctx.guards.viewerOf(request),
          request.body,
          requestMeta(request, ctx.clock),
        );
        return reply.status(answer.created ? 201 : 200).send(answer);
      },
    );
  };
