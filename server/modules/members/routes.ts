import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompMembershipRequest,
  CompMembershipResponse,
  IMPORT_MAX_BYTES,
  MemberImportQuery,
  MemberImportReport,
  MemberList,
} from '../../../common/schemas/members';
import { authorize } from '../../auth/authorize';
import type { Container } from '../../container';
import { fail } from '../../http/errors';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { giveComplimentary } from './comp';
import { membersCsv } from './export';
import { importMembers } from './import';
import { creatorRoster } from './roster.read-model';

/** The multipart field the member file comes in. */
const FILE_FIELD = 'file';
/** Imports per minute and caller: each may mail thousands of addresses. */
const IMPORTS_PER_MINUTE = 10;
/** The member list shown on the dashboard; the CSV export has everyone. */
const LIST_LIMIT = 200;

/** A creator's members in and out (issue 42): the list, its CSV, complimentary grants, import. */
export const membersRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/creator/members',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['members'],
          summary: 'The signed-in creator’s followers and members',
          operationId: 'listCreatorMembers',
          response: { 200: MemberList },
        },
      },
      async (request) => {
        const viewer = c.guards.viewerOf(request);
        authorize(viewer, 'members.manage');
        return creatorRoster(c.db, viewer.id, c.clock.now(), LIST_LIMIT);
      },
    );

    app.get(
      '/api/v1/creator/members.csv',
      {
        preHandler: c.guards.requireAuth,
        config: {
          openapi: {
            responses: {
              200: {
                description: 'The followers and members as RFC 4180 CSV',
                content: { 'text/csv': { schema: { type: 'string' } } },
              },
            },
          },
        },
        schema: {
          tags: ['members'],
          summary: 'The signed-in creator’s followers and members as CSV',
          operationId: 'exportCreatorMembers',
        },
      },
      async (request, reply) => {
        const csv = await membersCsv(c.db, c.guards.viewerOf(request), c.clock.now());
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="members.csv"')
          .send(csv);
      },
    );

    app.post(
      '/api/v1/creator/members/comp',
      {
        preHandler: c.guards.requireAuth,
        config: { openapi: { errors: [404, 409] } },
        schema: {
          tags: ['members'],
          summary: 'Give a complimentary membership',
          operationId: 'giveComplimentaryMembership',
          body: CompMembershipRequest,
          response: { 201: CompMembershipResponse },
        },
      },
      async (request, reply) => {
        const answer = await giveComplimentary(
          c.db,
          c.guards.viewerOf(request),
          request.body,
          requestMeta(request, c.clock),
        );
        return reply.status(201).send(answer);
      },
    );

    await app.register(async (uploads) => {
      // Multipart only here; the file is read whole, within IMPORT_MAX_BYTES.
      await uploads.register(multipart, {
        limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
      });
      uploads.withTypeProvider<ZodTypeProvider>().post(
        '/api/v1/creator/members/import',
        {
          preHandler: c.guards.requireAuth,
          config: {
            ...perCaller(c.tokens, IMPORTS_PER_MINUTE),
            isUpload: true,
            openapi: {
              errors: [413, 415],
              body: {
                contentType: 'multipart/form-data',
                description: `A CSV file (Ghost's member export columns) in the field \`${FILE_FIELD}\`.`,
                schema: {
                  type: 'object',
                  required: [FILE_FIELD],
                  properties: { [FILE_FIELD]: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
          schema: {
            tags: ['members'],
            summary: 'Import members from a CSV file (or report what an import would do)',
            operationId: 'importCreatorMembers',
            consumes: ['multipart/form-data'],
            querystring: MemberImportQuery,
            response: { 200: MemberImportReport, 202: MemberImportReport },
          },
        },
        async (request, reply) => {
          const viewer = c.guards.viewerOf(request);
          authorize(viewer, 'members.manage');
          if (!request.isMultipart()) throw fail('multipart_required', { field: FILE_FIELD });
          let bytes: Buffer;
          try {
            const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
            if (!part || part.fieldname !== FILE_FIELD) {
              part?.file.resume();
              throw fail('send_one_file', { field: FILE_FIELD });
            }
            bytes = await part.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw fail('import_file_too_large', { max: IMPORT_MAX_BYTES });
            }
            throw err;
          }
          const report = await importMembers(
            { db: c.db, jobs: c.jobs },
            viewer,
            bytes,
            request.query,
            requestMeta(request, c.clock),
          );
          return reply.status(report.dryRun ? 200 : 202).send(report);
        },
      );
    });
  };
