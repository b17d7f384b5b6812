import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../../common/schemas/health';
import type { MailHealth } from '../../../common/schemas/mail';
import type { MediaStorage } from '../../adapters/storage/index';
import type { Database } from '../../db/client';
import { settledWithin } from '../../db/deadline';
import { sharedStorageCheck } from './storage-checks';
import { healthProbes } from './tables';

export interface HealthDeps {
  db: Database;
  kind: 'pglite' | 'postgres';
  version: string;
  /** True from SIGTERM on: answer 503 "draining" so load balancers stop sending. */
  isDraining(): boolean;
  /** Where the embedded database, media and temp files live. */
  dataDir: string;
  /** The media store: its folder's volume, or its bucket, is checked too. */
  storage: Pick<MediaStorage, 'directory' | 'ping'>;
  minFreeBytes: number;
  /** Redis's state, when REDIS_URL is set (health-only: it never makes the answer a 503). */
  redis?(): Promise<NonNullable<HealthResponse['redis']>>;
  /** Free bytes of the volume holding a folder (tests replace it to stand for a full disk). */
  freeBytes?(dir: string): Promise<number>;
  /** Undelivered mail, reported without changing the status (the mail module's count). */
  mailBacklog?(): Promise<MailHealth>;
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
    const checkStorage = sharedStorageCheck(deps);
    app.get(
      '/api/v1/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Health of the server and its dependencies',
          operationId: 'getHealth',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (_request, reply) => {
        const [database, checked, redis] = await Promise.all([
          settledWithin(probeDatabase(deps.db), DATABASE_PROBE_MS, UNANSWERED).then((probe) => ({
            kind: deps.kind,
            ...probe,
          })),
          checkStorage(),
          deps.redis?.(),
        ]);
        const { storage } = checked;
        // Informative only: a slow count leaves the part out rather than holding the answer.
        const backlog = database.ok && deps.mailBacklog ? deps.mailBacklog() : null;
        const mail = backlog
          ? await settledWithin(
              backlog.catch(() => undefined),
              DATABASE_PROBE_MS,
              undefined,
            )
          : undefined;
        const base = {
          version: deps.version,
          database,
          storage,
          ...(mail ? { mail } : {}),
          ...(redis ? { redis } : {}),
        };
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
          ...checked.problems,
        ].filter((p): p is string => typeof p === 'string');
        if (problems.length > 0) {
          return reply
            .status(503)
            .send({ status: 'degraded' as const, error: problems.join('; '), ...base });
        }
        // Redis alone answers 200: the instance still serves, counting limits on its own.
        const status = redis?.status === 'degraded' ? ('degraded' as const) : ('ok' as const);
        return { status, ...base };
      },
    );
  };
