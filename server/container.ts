import type { Redis } from 'ioredis';
import { settledWithin } from './db/deadline';
import { createAiProvider } from './adapters/ai/index';
import type { AiProvider } from './adapters/ai/provider';
import type { EventBus } from './adapters/bus/bus';
import { createMemoryBus } from './adapters/bus/memory';
import { createSmtpMailerFromConfig, type Mailer } from './adapters/mail/index';
import type { MediaUrls } from './adapters/storage/media-urls';
import { createRedisBus } from './adapters/bus/redis';
import { createPaymentsProvider, type PaymentsProvider } from './adapters/payments/index';
import { createPayoutProvider, type PayoutProvider } from './adapters/payouts/index';
import { createMediaStorage, type MediaStorage } from './adapters/storage/index';
import { createGuards, type ActivityListener, type Guards } from './auth/guard';
import { createSessionCache, type SessionCache } from './auth/session-cache';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Config } from './config';
import { systemClock, type Clock } from './context';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client';
import {
  EMBEDDED_MAINTENANCE_JOB,
  EMBEDDED_MAINTENANCE_MS,
  maintainEmbeddedDatabase,
} from './db/embedded-maintenance';
import { prunePublishedOutbox, startOutboxRelay, type OutboxRelay } from './events/relay';
import { refundableRateLimit, type RefundableRateLimit } from './http/rate-limit-refund';
import { JOBS_PRUNE_JOB, pruneDoneJobs } from './jobs/prune';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { deriveKeys, type Keys } from './keys';

export interface RedisConnections {
  /** Commands: rate-limit counters, caches. */
  command: Redis;
  publisher: Redis;
  /** Subscribed to the event channel; runs no other command. */
  subscriber: Redis;
}

/**
 * Every shared service, built once (issue 9). Route plugins take what they need from here and
 * only map HTTP onto services; tests replace any part through `overrides`.
 */
export interface Container {
  config: Config & { JWT_SECRET: string };
  database: DatabaseHandle;
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  /** Keys derived per purpose from the root secret (HKDF). */
  keys: Keys;
  tokens: TokenService;
  /** Account states behind tokens, cached per process, dropped by session-ending events. */
  sessions: SessionCache;
  guards: Guards;
  storage: MediaStorage;
  payments: PaymentsProvider;
  /** Who moves creators' payouts (issue 15): the local provider records them. */
  payouts: PayoutProvider;
  /** The model behind the assistant and the studio (builtin, Ollama or OpenAI-compatible). */
  ai: AiProvider;
  /** Where mails go (issue 16): SMTP, or the embedded outbox shown at /admin/outbox. */
  mailer: Mailer;
  mediaUrls: MediaUrls;
  redis: RedisConnections | null;
  bus: EventBus;
  jobs: JobRunner;
  /**
   * Options of @fastify/rate-limit: counters in Redis when REDIS_URL is set (in this process
   * while Redis fails), with refunds for requests the database outage failed.
   */
  rateLimit: RefundableRateLimit;
  /** Errors of background work (relay, jobs, bus consumers) go here, not to a request. */
  reportError(err: unknown, context: string): void;
  /** Starts the outbox relay and the job runner (buildApp does this once the app is ready). */
  start(): Promise<void>;
  /** Publishes everything committed so far; tests await it instead of sleeping. */
  flushEvents(): Promise<number>;
  close(): Promise<void>;
}

/**
 * How long an account's state is trusted without asking the database: the bound on how late a
 * session ends if the bus lost an event (normally the event ends it at once).
 */
const SESSION_CACHE_TTL_MS = 30_000;
/** The same bound while the bus is lost (issue 20: revocation holds within 1 s in an outage). */
const SESSION_CACHE_OUTAGE_TTL_MS = 500;
/** How long closing waits for Redis to acknowledge QUIT before dropping the connection. */
const REDIS_QUIT_MS = 1000;

export type ContainerOverrides = Partial<
  Pick<
    Container,
    'clock' | 'storage' | 'payments' | 'payouts' | 'ai' | 'mailer' | 'bus' | 'reportError'
  >
>;

/**
 * The services feature modules build for the container. The caller (buildApp) hands their
 * factories in, so the container, which every module imports, imports no feature module.
 */
export interface ContainerFactories {
  /** The embedded outbox: the mailer when no SMTP server is configured (mail module). */
  outboxMailer(opts: { db: Database; clock: Clock; publicUrl: string; announce: boolean }): Mailer;
  /** Signed media URLs (media module). */
  mediaUrls(opts: { key: Uint8Array; ttlSeconds: number; now: () => Date }): MediaUrls;
  /** SPEC §3 lastOnline, told of every authenticated request (users module). */
  activityRecorder(opts: {
    db: Database;
    clock: Clock;
    reportError: (err: unknown, context: string) => void;
  }): ActivityListener;
}

/** The three Redis connections; ioredis is loaded only with REDIS_URL (issue 17: start-up). */
async function connectRedisClients(url: string): Promise<RedisConnections> {
  const { connectRedis } = await import('./http/redis');
  return {
    command: await connectRedis(url, 'commands'),
    publisher: await connectRedis(url, 'events publisher'),
    subscriber: await connectRedis(url, 'events subscriber', { offlineQueue: true }),
  };
}

export async function createContainer(options: {
  config: Config;
  database: DatabaseHandle;
  factories: ContainerFactories;
  overrides?: ContainerOverrides;
}): Promise<Container> {
  const { database, factories, overrides = {} } = options;
  const rootSecret = options.config.JWT_SECRET;
  if (!rootSecret) throw new Error('createContainer needs config.JWT_SECRET (the root secret)');
  const config = { ...options.config, JWT_SECRET: rootSecret };
  const clock = overrides.clock ?? systemClock;
  const reportError =
    overrides.reportError ??
    ((err: unknown, context: string) => console.error(`[aura] ${context} failed:`, err));
  const keys = deriveKeys(rootSecret);
  const tokens = createTokenService({
    key: keys.tokens,
    ttlSeconds: config.JWT_TTL_SECONDS,
    clock,
  });

  const redis = config.REDIS_URL ? await connectRedisClients(config.REDIS_URL) : null;
  const bus =
    overrides.bus ??
    (redis
      ? await createRedisBus(redis.publisher, redis.subscriber, (err) => reportError(err, 'bus'))
      : createMemoryBus((err) => reportError(err, 'bus')));
  const sessions = createSessionCache({
    db: database.db,
    clock,
    ttlMs: SESSION_CACHE_TTL_MS,
    hearsOthers: () => bus.isConnected(),
    outageTtlMs: SESSION_CACHE_OUTAGE_TTL_MS,
  });
  // This instance's own changes drop their accounts at commit; other instances' via the bus.
  database.onCommittedEvent((event) => sessions.hear(event));
  bus.subscribe((event) => sessions.hear(event));
  // Events may have been missed between the loss and its discovery, or before the return.
  bus.onConnectionChange(() => sessions.forgetAll());
  const jobs = createJobRunner({ handle: database, clock, onError: reportError });
  jobs.every('outbox-prune', 3600_000, (now) => prunePublishedOutbox(database, now));
  jobs.every(JOBS_PRUNE_JOB, 3600_000, (now) => pruneDoneJobs(database.db, now));
  // A PostgreSQL server's autovacuum keeps its tables' statistics and free space; PGlite has none.
  if (database.kind === 'pglite') {
    jobs.every(EMBEDDED_MAINTENANCE_JOB, EMBEDDED_MAINTENANCE_MS, () =>
      maintainEmbeddedDatabase(database.db),
    );
  }

  let relay: OutboxRelay | null = null;
  const container: Container = {
    config,
    database,
    db: database.db,
    dbKind: database.kind,
    clock,
    keys,
    tokens,
    sessions,
    guards: createGuards(
      sessions,
      tokens,
      factories.activityRecorder({ db: database.db, clock, reportError }),
    ),
    storage: overrides.storage ?? (await createMediaStorage(config)),
    payments: overrides.payments ?? (await createPaymentsProvider(config, database.db)),
    payouts: overrides.payouts ?? createPayoutProvider(),
    ai: overrides.ai ?? (await createAiProvider(config)),
    mailer:
      overrides.mailer ??
      (await createSmtpMailerFromConfig(config)) ??
      factories.outboxMailer({
        db: database.db,
        clock,
        publicUrl: config.publicUrl,
        announce: config.NODE_ENV === 'development',
      }),
    mediaUrls: factories.mediaUrls({
      key: keys['media-urls'],
      ttlSeconds: config.MEDIA_URL_TTL_SECONDS,
      now: () => clock.now(),
    }),
    redis,
    bus,
    jobs,
    rateLimit: refundableRateLimit(
      redis
        ? {
            global: false,
            redis: redis.command,
            nameSpace: 'aura-rate-limit:',
          }
        : { global: false },
    ),
    reportError,
    async start() {
      relay ??= await startOutboxRelay({
        handle: database,
        bus,
        clock,
        onError: (err) => reportError(err, 'outbox relay'),
      });
      jobs.start();
    },
    flushEvents: () => relay?.drain() ?? Promise.resolve(0),
    async close() {
      await jobs.stop();
      await container.mailer.close();
      await relay?.stop();
      await bus.close();
      if (redis) {
        // A Redis that does not answer (a silent cut) must not hold the shutdown.
        await Promise.all(
          Object.values(redis).map(async (r: Redis) => {
            const quit = r.quit().then(
              () => true,
              () => false,
            );
            if (!(await settledWithin(quit, REDIS_QUIT_MS, false))) r.disconnect();
          }),
        );
      }
    },
  };
  return container;
}
