import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../../common/schemas/health';
import type { Database } from '../../db/client';

export const healthRoutes =
  (deps: { db: Database; kind: 'pglite' | 'postgres'; version: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/health',
      { schema: { tags: ['system'], response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_request, reply) => {
        const started = performance.now();
        try {
          await deps.db.execute(sql`select 1`);
          const roundTripMs = Math.round((performance.now() - started) * 100) / 100;
          return {
            status: 'ok' as const,
            version: deps.version,
            database: { kind: deps.kind, ok: true, roundTripMs },
          };
        } catch {
          return reply.status(503).send({
            status: 'degraded' as const,
            version: deps.version,
            database: { kind: deps.kind, ok: false, roundTripMs: null },
          });
        }
      },
    );
  };
