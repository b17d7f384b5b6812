import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateReportRequest, CreateReportResponse } from '../../../common/schemas/reports';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { fileReport } from './filing';

/** The report button (issue 14): any signed-in person reports an item, a comment or a user. */
export const reportsRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['reports'] });
    route.authed({
      method: 'POST',
      url: '/api/v1/reports',
      perCaller: 30,
      // The reported item or person does not exist.
      errors: [404],
      schema: {
        summary: 'Report an item or a person',
        operationId: 'createReport',
        body: CreateReportRequest,
        response: { 200: CreateReportResponse, 201: CreateReportResponse },
      },
      handler: async ({ viewer, request, reply, meta }) => {
        const answer = await fileReport(ctx.db, viewer, request.body, meta());
        return reply.status(answer.created ? 201 : 200).send(answer);
      },
    });
  };
