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
import { routesFor } from '../../http/route';
import { unlockWithBalance, walletOf } from './wallet';

export const walletRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, clock: ctx.clock, media: ctx.mediaUrls };
    const route = routesFor(app, ctx, { tags: ['wallet'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/wallet',
      schema: {
        summary: 'The wallet balance and its entries',
        operationId: 'getWallet',
        querystring: WalletQuery,
        response: { 200: WalletResponse },
      },
      handler: ({ viewer, request }) => walletOf(deps, viewer, request.query),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/wallet/unlock',
      // already_owned; item_not_found names the body's item.
      errors: [404, 409],
      schema: {
        summary: 'Buy an item with the wallet balance',
        operationId: 'unlockWithBalance',
        headers: IdempotencyKeyHeaders,
        body: WalletUnlockRequest,
        response: { 200: WalletUnlockResponse, 402: PaymentErrorResponse },
      },
      handler: ({ viewer, request, meta }) => {
        const key = requiredIdempotencyKey(
          request.headers['idempotency-key'] ?? request.body.idempotencyKey,
        );
        return unlockWithBalance(deps, viewer, request.body.itemId, key, meta());
      },
    });
  };
