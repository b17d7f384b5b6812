import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AiModelsResponse,
  ChatRequest,
  ChatResponse,
  PlaceholderQuery,
} from '../../../common/schemas/ai';
import { aiModelsOf } from '../../adapters/ai/index';
import { authorize } from '../../auth/authorize';
import type { Container } from '../../container';
import type { RouteDoc } from '../../http/openapi/route-doc';
import { perMinute } from '../../http/rate-limits';
import { routesFor } from '../../http/route';
import { placeholderHash, placeholderImage } from './placeholder';
import { aiRateLimit } from './rate-limit';
import { answerChat, openChatStream, type AiDeps, type ChatCall } from './service';

const CHAT_DOC: RouteDoc = {
  errors: [502, 504],
  responses: {
    200: {
      description:
        'The answer; with `stream: true`, server-sent events instead: `delta` events with the ' +
        'next piece of text, then one `done` with the whole response, or one `error` when the ' +
        'model fails after the first piece (common/schemas/ai.ts ChatStreamEvent).',
      content: {
        'text/event-stream': {
          schema: { type: 'string' },
          example:
            'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\n' +
            'event: done\ndata: {"response":"Hello"}\n\n',
        },
      },
    },
  },
};

export const aiRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = ctx;
    const deps: AiDeps = {
      provider: ctx.ai,
      models: aiModelsOf(config),
      config,
      figures: { db: ctx.db, config, clock: ctx.clock, media: ctx.mediaUrls },
    };
    const route = routesFor(app, ctx, { tags: ['ai'] });

    // SPEC §7: no sign-in needed; a bearer token lets the assistant answer about the user's own
    // figures. `stream: true` answers server-sent events instead of `{ response }`.
    route.optional({
      method: 'POST',
      url: '/api/v1/ai/chat',
      config: { ...aiRateLimit(config, ctx.tokens), openapi: CHAT_DOC },
      schema: {
        summary: 'Ask the assistant (JSON, or server-sent events with `stream: true`)',
        operationId: 'chat',
        body: ChatRequest,
        response: { 200: ChatResponse },
      },
      handler: async ({ viewer, request, reply }) => {
        const clientGone = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) clientGone.abort();
        });
        const call: ChatCall = {
          viewer,
          body: request.body,
          acceptLanguage: request.headers['accept-language'],
          clientGone: clientGone.signal,
          log: request.log,
        };
        if (!request.body.stream) return answerChat(deps, call);
        const events = await openChatStream(deps, call);
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no')
            // A stream is sent as it is, never through the `{ response }` serialiser.
            .send(Readable.from(events) as unknown as ChatResponse)
        );
      },
    });

    // Who answers is told to those who may use the panel and the studio, not to anyone asking:
    // the model names are the operator's set-up.
    route.authed({
      method: 'GET',
      url: '/api/v1/ai/models',
      schema: {
        summary: 'The AI provider and the models a request may name',
        operationId: 'listAiModels',
        response: { 200: AiModelsResponse },
      },
      handler: ({ viewer }) => {
        authorize(viewer, 'studio.use');
        return { provider: deps.provider.name, ...deps.models };
      },
    });

    // The visual mode's image: same origin (CSP img-src 'self'), cached by the text's hash.
    route.open({
      method: 'GET',
      url: '/api/v1/ai/placeholder',
      config: {
        ...perMinute(config.AI_RATE_LIMIT_PER_MINUTE),
        openapi: {
          responses: {
            200: {
              description: 'The image',
              content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
            },
            304: { description: 'Not modified (`If-None-Match`)', content: {} },
          },
        },
      },
      schema: {
        summary: 'A placeholder image for a text (PNG)',
        operationId: 'getAiPlaceholder',
        querystring: PlaceholderQuery,
      },
      handler: async ({ request, reply }) => {
        const etag = `"${placeholderHash(request.query.text)}"`;
        reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        const image = await placeholderImage(request.query.text);
        return reply.type('image/png').send(image.png);
      },
    });
  };
