import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompMembershipRequest,
  CompMembershipResponse,
  IMPORT_MALFORMED_REASONS,
  IMPORT_MAX_BYTES,
  IMPORT_REFUSALS,
  MemberImportParams,
  MemberImportQuery,
  MemberImportReport,
  MemberImportState,
  MemberList,
} from '../../../common/schemas/members';
import { authorize } from '../../auth/authorize';
import type { Container } from '../../container';
import { fail } from '../../http/errors';
import { routesFor } from '../../http/route';
import { giveComplimentary } from './comp';
import { membersCsv } from './export';
import { importMembers, memberImportState } from './import';
import { creatorRoster } from './roster.read-model';

/** The multipart field the member file comes in. */
const FILE_FIELD = 'file';
/** Imports per minute and caller: each may mail thousands of addresses. */
const IMPORTS_PER_MINUTE = 10;
/** The member list shown on the dashboard; the CSV export has everyone. */
const LIST_LIMIT = 200;

const codes = (list: readonly string[]) => list.map((code) => `\`${code}\``).join(', ');

/** A creator's members in and out (issue 42): the list, its CSV, complimentary grants, import. */
export const membersRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, c, { tags: ['members'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/members',
      schema: {
        summary: 'The signed-in creator’s followers and members',
        operationId: 'listCreatorMembers',
        response: { 200: MemberList },
      },
      handler: async ({ viewer }) => {
        authorize(viewer, 'members.manage');
        return creatorRoster(c.db, viewer.id, c.clock.now(), LIST_LIMIT);
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/members.csv',
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
        summary: 'The signed-in creator’s followers and members as CSV',
        operationId: 'exportCreatorMembers',
      },
      handler: async ({ viewer, reply }) => {
        const csv = await membersCsv(c.db, viewer, c.clock.now());
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="members.csv"')
          .send(csv);
      },
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/creator/members/comp',
      errors: [404, 409],
      schema: {
        summary: 'Give a complimentary membership',
        operationId: 'giveComplimentaryMembership',
        body: CompMembershipRequest,
        response: { 201: CompMembershipResponse },
      },
      handler: async ({ viewer, request, reply, meta }) => {
        const answer = await giveComplimentary(c.db, viewer, request.body, meta());
        return reply.status(201).send(answer);
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/members/imports/:importId',
      errors: [404],
      schema: {
        summary: 'Where one of the signed-in creator’s member imports stands',
        operationId: 'getCreatorMemberImport',
        params: MemberImportParams,
        response: { 200: MemberImportState },
      },
      handler: async ({ viewer, request }) =>
        memberImportState(c.db, viewer, request.params.importId),
    });

    await app.register(async (uploads) => {
      // Multipart only here; the file is read whole, within IMPORT_MAX_BYTES.
      await uploads.register(multipart, {
        limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
      });
      routesFor(uploads, c, { tags: ['members'] }).authed({
        method: 'POST',
        url: '/api/v1/creator/members/import',
        perCaller: IMPORTS_PER_MINUTE,
        errors: [413, 415],
        config: {
          isUpload: true,
          openapi: {
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
          summary: 'Import members from a CSV file (or report what an import would do)',
          description:
            'Each refused line of the report has a stable `reason` code, one of ' +
            `${codes(IMPORT_REFUSALS)}. A file that is not CSV is refused whole (400, code ` +
            '`import_malformed`) with `params.line`, the line of the fault, and `params.reason`, ' +
            `one of ${codes(IMPORT_MALFORMED_REASONS)}. Without \`dryRun=true\` the import is ` +
            'queued as one job (202): follow it at GET /api/v1/creator/members/imports/{importId}.',
          operationId: 'importCreatorMembers',
          consumes: ['multipart/form-data'],
          querystring: MemberImportQuery,
          response: { 200: MemberImportReport, 202: MemberImportReport },
        },
        handler: async ({ viewer, request, reply, meta }) => {
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
            meta(),
          );
          return reply.status(report.dryRun ? 200 : 202).send(report);
        },
      });
    });
  };
