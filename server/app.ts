import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { VERSION_TAG } from '../common/version';
import { createGuards } from './auth/guard';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import { systemClock, type AppContext, type Clock } from './context';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/errors';
import { refuseNulText } from './http/nul-text';
import { createRateLimitStore } from './http/rate-limit';
import { contentSecurityPolicy } from './http/security';
import { registerSpa } from './http/spa';
import { aiRoutes } from './modules/ai/index';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { feedRoutes } from './modules/feed/routes';
import { followsRoutes } from './modules/follows/routes';
import { itemsRoutes } from './modules/items/routes';
import { mediaRoutes } from './modules/media/routes';
import { healthRoutes } from './modules/health/routes';
import { usersRoutes } from './modules/users/routes';
import { walletRoutes } from './modules/wallet/routes';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** Folder of the built SPA; null serves the API only (tests). */
  webRoot?: string | null;
  clock?: Clock;
  logger?: boolean;
}

/** zod validation and serialisation plus the `{ error }` answers; shared with tests of the error shape. */
export function configureHttp(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
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
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password'],
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  configureHttp(app);
  app.addHook('preValidation', refuseNulText);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  const rateLimitStore = await createRateLimitStore(config);
  app.addHook('onClose', rateLimitStore.close);
  await app.register(rateLimit, rateLimitStore.options);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Aura API', version: VERSION_TAG },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  if (!config.JWT_SECRET) throw new Error('buildApp needs config.JWT_SECRET');
  const clock = options.clock ?? systemClock;
  const tokens = createTokenService({
    secret: config.JWT_SECRET,
    ttlSeconds: config.JWT_TTL_SECONDS,
    clock,
  });
  app.decorateRequest('viewer', null);
  const ctx: AppContext = {
    config,
    db: options.db,
    dbKind: options.dbKind,
    clock,
    tokens,
    guards: createGuards(options.db, tokens),
  };
  await app.register(healthRoutes({ db: ctx.db, kind: ctx.dbKind, version: VERSION_TAG }));
  // -- feature modules register below this line --
  await app.register(authRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(billingRoutes(ctx));
  await app.register(walletRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(itemsRoutes(ctx));
  await app.register(feedRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(followsRoutes(ctx));
  await app.register(aiRoutes(ctx));

  await registerSpa(app, options.webRoot ?? null);
  return app;
}
