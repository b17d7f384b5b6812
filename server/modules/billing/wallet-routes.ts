import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaymentErrorResponse,
  WalletQuery,
  WalletResponse,
  WalletUnlockRequest,
  WalletUnlockResponse,
} from '../../../common/schemas/billing';
import type { Container } from '../../container';
import { IdempotencyKeyHeaders, requiredIdempotencyKey } from '../../http/idempotency-key';
import { requestMeta } from '../../http/request-meta';
import { unlockWithBalance, walletOf } from './wallet';

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
          summary: 'The wallet balance and its entries',
          operationId: 'getWallet',
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
        // already_owned; item_not_found names the body's item.
        config: { openapi: { errors: [404, 409] } },
        schema: {
          tags: ['wallet'],
          summary: 'Buy an item with the wallet balance',
          operationId: 'unlockWithBalance',
          headers: IdempotencyKeyHeaders,
          body: WalletUnlockRequest,
          response: { 200: WalletUnlockResponse, 402: PaymentErrorResponse },
        },
      },
      async (request) => {
        const key = requiredIdempotencyKey(
          request.headers['idempotency-key'] ?? request.body.idempotencyKey,
        );
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
