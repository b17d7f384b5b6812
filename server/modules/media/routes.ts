import multipart from '@fastify/multipart';
import { errorText } from '../../../common/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_KINDS, UploadMediaResponse, type MediaKind } from '../../../common/schemas/media';
import { mediaTempDir } from '../../adapters/storage/index';
import type { Container } from '../../container';
import { fail } from '../../http/errors';
import type { RouteDoc } from '../../http/openapi/route-doc';
import { routesFor } from '../../http/route';
import { isMediaKey, isTeaserKey, parsePreviewVariant } from './keys';
import { FILE_FIELD, singleFilePart } from './multipart';
import { presentUpload } from './presenter';
import { parseByteRange } from './range';
import { mediaServing } from './serving';
import { maxBytesOf, storeUpload, tooLarge, type MediaDeps } from './service';
import { createMissingTeaser } from './teaser';
import { createMissingVariant } from './variants';

const MediaParams = z.object({ key: z.string().max(80) });

const UPLOADS: Record<MediaKind, { summary: string; operationId: string }> = {
  image: { summary: 'Upload an image', operationId: 'uploadImage' },
  audio: { summary: 'Upload an audio file', operationId: 'uploadAudio' },
  video: { summary: 'Upload a video', operationId: 'uploadVideo' },
};

/** The multipart body an upload reads itself, as a stream (not a Fastify body schema). */
const uploadBody = (kind: MediaKind): RouteDoc['body'] => ({
  contentType: 'multipart/form-data',
  description: `One ${kind} file in the field \`${FILE_FIELD}\`; other fields are ignored.`,
  schema: {
    type: 'object',
    required: [FILE_FIELD],
    properties: { [FILE_FIELD]: { type: 'string', format: 'binary' } },
  },
});

/** A stored file as it is served: the whole of it, or the byte range asked for. */
const MEDIA_FILE = { '*/*': { schema: { type: 'string', format: 'binary' } } };
const MediaQuery = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

export const mediaRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const { storage } = ctx;
    const deps: MediaDeps = {
      db: ctx.db,
      config: ctx.config,
      storage,
      tempDir: mediaTempDir(ctx.config),
    };
    const urls = ctx.mediaUrls;
    const route = routesFor(app, ctx, { tags: ['media'] });

    await app.register(async (uploads) => {
      // Multipart only here: the file is read as a stream, never buffered by a body parser.
      await uploads.register(multipart, {
        limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
      });
      const uploadRoute = routesFor(uploads, ctx, { tags: ['media'] });
      for (const kind of MEDIA_KINDS) {
        uploadRoute.authed({
          method: 'POST',
          url: `/api/v1/media/upload-${kind}`,
          // isUpload: the file may take HTTP_REQUEST_TIMEOUT_SECONDS, not the short body limit.
          config: {
            rateLimit: { max: 60, timeWindow: '1 minute' },
            isUpload: true,
            openapi: { body: uploadBody(kind) },
          },
          schema: {
            summary: UPLOADS[kind].summary,
            operationId: UPLOADS[kind].operationId,
            consumes: ['multipart/form-data'],
            response: { 201: UploadMediaResponse },
          },
          handler: async ({ viewer, request, reply, meta }) => {
            if (!request.isMultipart()) {
              throw fail('multipart_required', { field: FILE_FIELD });
            }
            const limit = maxBytesOf(ctx.config, kind);
            try {
              // One byte over the limit lets the guard tell "exactly at the limit" from "over it".
              const { part, rest } = await singleFilePart(
                request.files({ limits: { fileSize: limit + 1 } }),
              );
              const row = await storeUpload(
                deps,
                viewer.id,
                kind,
                part.file,
                () => part.file.truncated,
                meta(),
                rest,
              );
              return reply.status(201).send(presentUpload(row));
            } catch (err) {
              if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
                throw tooLarge(kind, limit);
              }
              throw err;
            }
          },
        });
      }
    });

    route.optional({
      method: 'GET',
      url: '/api/v1/media/:key',
      config: {
        openapi: {
          // media_link_expired (a signed link past its time, or a locked item's media).
          errors: [403, 416],
          responses: {
            200: { description: 'The file', content: MEDIA_FILE },
            206: { description: 'The byte range asked for (`Range`)', content: MEDIA_FILE },
          },
        },
      },
      schema: {
        summary: 'A media file (signed link, byte ranges)',
        operationId: 'getMedia',
        params: MediaParams,
        querystring: MediaQuery,
      },
      handler: async ({ viewer, request, reply }) => {
        const { key } = request.params;
        if (!isMediaKey(key)) throw fail('media_not_found');

        const { contentType, cacheControl } = await mediaServing(
          { db: ctx.db, urls, now: ctx.clock.now() },
          key,
          viewer,
          request.query,
        );

        let isUnsatisfiable = false;
        const open = () =>
          storage.open(key, (size) => {
            const range = parseByteRange(request.headers.range, size);
            if (range === 'unsatisfiable') {
              isUnsatisfiable = true;
              return null;
            }
            return range;
          });
        let object = await open();
        // Uploads stored before teasers existed get theirs on the first request; a preview's
        // sizes and formats are made on the first request for each.
        if (!object && isTeaserKey(key) && (await createMissingTeaser(deps, key))) {
          object = await open();
        }
        if (!object && parsePreviewVariant(key) && (await createMissingVariant(deps, key))) {
          object = await open();
        }
        if (!object) throw fail('media_not_found');
        if (isUnsatisfiable) {
          object.body.destroy();
          return reply
            .status(416)
            .header('content-range', `bytes */${object.size}`)
            .send({ error: errorText('range_not_satisfiable'), code: 'range_not_satisfiable' });
        }
        reply
          .header('content-type', contentType)
          .header('cache-control', cacheControl)
          .header('accept-ranges', 'bytes')
          .header('content-disposition', 'inline');
        if (object.range) {
          const { start, end } = object.range;
          reply
            .status(206)
            .header('content-range', `bytes ${start}-${end}/${object.size}`)
            .header('content-length', end - start + 1);
        } else {
          reply.header('content-length', object.size);
        }
        return reply.send(object.body);
      },
    });
  };
