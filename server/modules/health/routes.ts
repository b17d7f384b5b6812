import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../../common/schemas/health';
import type { Database } from '../../db/client';
import { settledWithin } from '../../db/deadline';
import { healthProbes } from './tables';

export interface HealthDeps {
  db: Database;
  kind: 'pglite' | 'postgres';
  version: string;
  /** True from SIGTERM on: answer 503 "draining" so load balancers stop sending. */
  isDraining(): boolean;
  /** Where the embedded database, media and temp files live. */
  dataDir: string;
  minFreeBytes: number;
  /** Free bytes under `dataDir` (tests replace it to stand for a full disk). */
  freeBytes?(dir: string): Promise<number>;
}

/** Free bytes of the filesystem holding `dir` (its nearest existing parent before the first start). */
async function statfsFreeBytes(dir: string): Promise<number> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const stats = await fsp.statfs(at);
      return stats.bavail * stats.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) throw err;
    }
  }
}

/**
 * How long the health check waits for the database: it answers within 2 s whatever the database
 * does (behind a silent network cut a query waits for its own, longer, deadline).
 */
const DATABASE_PROBE_MS = 1500;

const UNANSWERED = { ok: false, roundTripMs: null, writable: false } as const;

async function probeDatabase(db: Database) {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
  } catch {
    return UNANSWERED;
  }
  const roundTripMs = Math.round((performance.now() - started) * 100) / 100;
  try {
    const now = new Date();
    await db
      .insert(healthProbes)
      .values({ name: 'health', checkedAt: now })
      .onConflictDoUpdate({ target: healthProbes.name, set: { checkedAt: now } });
    return { ok: true, roundTripMs, writable: true };
  } catch {
    return { ok: true, roundTripMs, writable: false };
  }
}

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const freeBytesOf = deps.freeBytes ?? statfsFreeBytes;
    app.get(
      '/api/v1/health',
      { schema: { tags: ['system'], response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_request, reply) => {
        const probe = await settledWithin(probeDatabase(deps.db), DATABASE_PROBE_MS, UNANSWERED);
        const database = { kind: deps.kind, ...probe };
        const freeBytes = await freeBytesOf(deps.dataDir).catch(() => null);
        const storage = {
          ok: freeBytes === null || freeBytes >= deps.minFreeBytes,
          freeBytes,
          minFreeBytes: deps.minFreeBytes,
        };
        const base = { version: deps.version, database, storage };
        if (deps.isDraining()) {
          return reply.status(503).send({
            status: 'draining' as const,
            error: 'draining: the server is stopping',
            ...base,
          });
        }
        const problems = [
          !database.ok && 'the database does not answer',
          database.ok && !database.writable && 'the database refuses writes',
          !storage.ok && `storage is below ${deps.minFreeBytes} free bytes`,
        ].filter((p): p is string => typeof p === 'string');
        if (problems.length > 0) {
          return reply
            .status(503)
            .send({ status: 'degraded' as const, error: problems.join('; '), ...base });
        }
        return { status: 'ok' as const, ...base };
      },
    );
  };
