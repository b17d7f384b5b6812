import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PaymentErrorResponse,
  WalletQuery,
  WalletResponse,
  WalletUnlockRequest,
  WalletUnlockResponse,
} from '../../../common/schemas/billing';
import type { Container } from '../../container';
import { fail } from '../../http/errors';
import { requestMeta } from '../../http/request-meta';
import { unlockWithBalance, walletOf } from './wallet';

const IDEMPOTENCY_KEY = /^[\w\-:.]{1,100}$/;

export const walletRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, clock: ctx.clock, media: ctx.mediaUrls };

    app.get(
      '/api/v1/wallet',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['wallet'],
          security: [{ bearer: [] }],
          querystring: WalletQuery,
          response: { 200: WalletResponse },
        },
      },
      async (request) => walletOf(deps, ctx.guards.viewerOf(request), request.query),
    );

    app.post(
      '/api/v1/wallet/unlock',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['wallet'],
          security: [{ bearer: [] }],
          headers: z.object({ 'idempotency-key': z.string().optional() }),
          body: WalletUnlockRequest,
          response: { 200: WalletUnlockResponse, 402: PaymentErrorResponse },
        },
      },
      async (request) => {
        const key = request.headers['idempotency-key'] ?? request.body.idempotencyKey;
        if (!key || !IDEMPOTENCY_KEY.test(key)) {
          throw fail('idempotency_key_required', undefined, {
            field: 'Idempotency-Key',
          });
        }
        return unlockWithBalance(
          deps,
          ctx.guards.viewerOf(request),
          request.body.itemId,
          key,
          requestMeta(request, ctx.clock),
        );
      },
    );
  };
