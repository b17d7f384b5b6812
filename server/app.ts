import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { VERSION_TAG } from '../common/version';
import type { Config } from './config';
import { createContainer, type Container, type ContainerOverrides } from './container';
import type { DatabaseHandle } from './db/client';
import { settledWithin } from './db/deadline';
import { registerCompression } from './http/compression';
import {
  connectionCapOf,
  limitBodyTime,
  limitConnectionsPerAddress,
  type ConnectionCap,
} from './http/connection-limits';
import {
  answeredDatabaseOutage,
  registerErrorHandling,
  type ErrorHandlingOptions,
} from './http/errors';
import { acceptEmptyJsonBody } from './http/empty-json-body';
import { refundOnDatabaseOutage } from './http/rate-limit-refund';
import { trackRoutes } from './http/route-list';
import { refuseNulText } from './http/nul-text';
import { openApiOptions } from './http/openapi/document';
import { warnOnForwardedHeaders } from './http/production-safety';
import { loggableError } from './http/loggable-error';
import { readableLog } from './http/readable-log';
import { LOG_REDACT_PATHS, registerRequestLog, requestSerializer } from './http/request-log';
import { registerConnectionHandling, serverWithTimeouts, type Lifecycle } from './http/shutdown';
import { apiSecurityHeaders, securityHeaders, takesApiHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { scheduleMembershipRenewals } from './jobs/membership-renewals';
import { scheduleItemPublishing } from './jobs/scheduled-publishing';
import { adminRealtimePresenters, adminRoutes } from './modules/admin/index';
import { authRoutes, scheduleLoginFailurePrune } from './modules/auth/index';
import {
  billingRoutes,
  scheduleCheckoutPrune,
  transactionRoutes,
  discountRoutes,
  walletRoutes,
  tipRoutes,
  giftRoutes,
  billingRealtimePresenters,
  trialRoutes,
  planRoutes,
} from './modules/billing/index';
import { dashboardRoutes } from './modules/dashboard/index';
import { feedRoutes } from './modules/feed/index';
import { followsRoutes } from './modules/follows/index';
import { itemsRoutes } from './modules/items/index';
import { createMediaUrls, mediaRoutes } from './modules/media/index';
import { healthRoutes, redisProbeOf } from './modules/health/index';
import {
  accountRoutes,
  creatorLinkPreview,
  profilesRoutes,
  publicCreatorProfile,
} from './modules/profiles/index';
import { reportsRoutes } from './modules/reports/index';
import { rssRoutes } from './modules/rss/index';
import { siteRoutes } from './modules/site/index';
import { createActivityRecorder, usersRoutes } from './modules/users/index';
import { aiRoutes } from './modules/ai/index';
import { hubRoutes } from './modules/hub/index';
import {
  createOutboxMailer,
  defineMailJob,
  defineNewsletterJobs,
  mailBacklog,
  mailRoutes,
  scheduleDigests,
} from './modules/mail/index';
import { payoutsRoutes, schedulePayoutTransfers } from './modules/payouts/index';
import { blocksRoutes } from './modules/blocks/index';
import { messageRealtimePresenters, messagesRoutes } from './modules/messages/index';
import { backupRoutes } from './modules/backup/index';
import { defineMemberImportJob, membersRoutes } from './modules/members/index';
import { realtimeRoutes } from './realtime/index';

/** How long a failed request asks whether the database still answers before it says 503. */
const REACHABILITY_PROBE_MS = 1000;

export interface BuildAppOptions {
  config: Config;
  /** The open database; buildApp does not close it. */
  db: DatabaseHandle;
  /** Folder of the built SPA; null serves the API only (tests). */
  webRoot?: string | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to check what is never logged). */
  logStream?: { write(line: string): void };
  /** Free bytes of a volume for the health check (tests stand for a full disk). */
  freeBytes?: (dir: string) => Promise<number>;
  /** The cap of connections per client address (tests count loopback, which is exempt otherwise). */
  connectionCap?: ConnectionCap;
  /** Replaces parts of the container (clock, storage, payments, bus) in tests. */
  overrides?: ContainerOverrides;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared services this app was built on. */
    container: Container;
  }
}

/** zod validation and serialisation plus the `{ error }` answers; shared with tests of the error shape. */
export function configureHttp(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, options);
}

/** Builds the whole HTTP application on an open database; tests call this with a fresh one. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: LOG_REDACT_PATHS,
            serializers: { req: requestSerializer },
            // JSON lines for log collectors; readable ones for the developer at the terminal.
            ...(options.logStream
              ? { stream: options.logStream }
              : config.NODE_ENV === 'development'
                ? { stream: readableLog(process.stdout) }
                : {}),
          },
    // One line per request (issue 10), written by registerRequestLog when the answer is sent.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    serverFactory: serverWithTimeouts(config),
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  limitConnectionsPerAddress(app.server, options.connectionCap ?? connectionCapOf(config));
  limitBodyTime(app, config.HTTP_BODY_TIMEOUT_SECONDS * 1000);
  trackRoutes(app);
  configureHttp(app, {
    // Bounded: behind a silent network cut the probe would wait as long as the request did.
    databaseReachable: () =>
      settledWithin(
        options.db.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        REACHABILITY_PROBE_MS,
        false,
      ),
  });
  const lifecycle: Lifecycle = { isDraining: false };
  registerConnectionHandling(app, lifecycle);
  registerRequestLog(app, config.NODE_ENV);
  warnOnForwardedHeaders(app, config);
  acceptEmptyJsonBody(app);
  app.addHook('preValidation', refuseNulText);
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(takesApiHeaders(request.url) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  await registerCompression(app);
  const c = await createContainer({
    config,
    database: options.db,
    factories: {
      outboxMailer: createOutboxMailer,
      mediaUrls: createMediaUrls,
      activityRecorder: createActivityRecorder,
    },
    overrides: {
      reportError: (err, context) =>
        app.log.error({ err: loggableError(err) }, `${context} failed`),
      ...options.overrides,
    },
  });
  app.decorate('container', c);
  app.addHook('onReady', () => c.start());
  app.addHook('onClose', () => c.close());
  await app.register(rateLimit, c.rateLimit.options);
  refundOnDatabaseOutage(app, c.rateLimit, answeredDatabaseOutage);
  await app.register(swagger, openApiOptions(VERSION_TAG));
  // The OpenAPI document is always built (tests read app.swagger()); it is served only with API_DOCS.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorateRequest('viewer', null);
  await app.register(
    healthRoutes({
      db: c.db,
      kind: c.dbKind,
      version: VERSION_TAG,
      isDraining: () => lifecycle.isDraining,
      dataDir: config.dataDir,
      storage: c.storage,
      minFreeBytes: config.STORAGE_MIN_FREE_BYTES,
      ...(c.redis ? { redis: redisProbeOf(c.redis.command) } : {}),
      ...(options.freeBytes ? { freeBytes: options.freeBytes } : {}),
      mailBacklog: () => mailBacklog(c.db, c.clock.now()),
    }),
  );
  // -- feature modules register below this line --
  await app.register(authRoutes(c));
  await app.register(usersRoutes(c));
  await app.register(billingRoutes(c));
  await app.register(walletRoutes(c));
  await app.register(tipRoutes(c));
  await app.register(giftRoutes(c));
  await app.register(transactionRoutes(c));
  await app.register(discountRoutes(c));
  await app.register(trialRoutes(c));
  await app.register(planRoutes(c));
  await app.register(mediaRoutes(c));
  await app.register(itemsRoutes(c));
  await app.register(feedRoutes(c));
  await app.register(dashboardRoutes(c));
  await app.register(followsRoutes(c));
  await app.register(aiRoutes(c));
  await app.register(profilesRoutes(c));
  await app.register(accountRoutes(c));
  await app.register(reportsRoutes(c));
  await app.register(adminRoutes(c));
  await app.register(siteRoutes(c));
  await app.register(rssRoutes(c));
  await app.register(hubRoutes(c));
  await app.register(payoutsRoutes(c));
  await app.register(blocksRoutes(c));
  await app.register(messagesRoutes(c));
  await app.register(mailRoutes(c));
  await app.register(backupRoutes(c));
  await app.register(membersRoutes(c));
  // The live socket; each feature adds the presenters of its events here.
  await app.register(
    realtimeRoutes(c, {
      ...messageRealtimePresenters(c.db),
      ...adminRealtimePresenters(),
      ...billingRealtimePresenters(),
    }),
  );
  scheduleMembershipRenewals(c);
  scheduleItemPublishing(c);
  schedulePayoutTransfers(c);
  defineMailJob(c.jobs, {
    db: c.db,
    clock: c.clock,
    mailer: c.mailer,
    key: c.keys['mail-links'],
    publicUrl: c.config.publicUrl,
    log: app.log,
    ...(c.config.MAIL_UNSUBSCRIBE_MAILTO
      ? { unsubscribeMailto: c.config.MAIL_UNSUBSCRIBE_MAILTO }
      : {}),
  });
  defineNewsletterJobs(
    c.jobs,
    { db: c.db, perSecond: c.config.NEWSLETTER_MAILS_PER_SECOND },
    c.clock,
  );
  defineMemberImportJob(c.jobs, { db: c.db, clock: c.clock, mailKey: c.keys['mail-links'] });
  scheduleLoginFailurePrune(c);
  scheduleCheckoutPrune(c);
  scheduleDigests(c);

  const previewDeps = {
    db: c.db,
    urls: c.mediaUrls,
    clock: c.clock,
    visitorHashKey: c.keys['visitor-hash'],
  };
  await registerSpa(app, options.webRoot ?? null, {
    // SPEC §1/§4 default test mode on for a demo install; a production server starts it off.
    settings: {
      testModeDefault: !config.isProduction,
      mailDelivers: config.mailTransport === 'smtp',
    },
    creatorPreview: (username) => creatorLinkPreview(previewDeps, config.publicUrl, username),
    creatorProfile: (username) => publicCreatorProfile(previewDeps, username),
  });
  return app;
}
