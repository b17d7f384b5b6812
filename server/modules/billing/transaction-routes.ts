import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RefundRequest,
  RefundResponse,
  TransactionParams,
  TransactionsPage,
  TransactionsQuery,
} from '../../../common/schemas/transactions';
import type { Container } from '../../container';
import { IdempotencyKeyHeaders, requiredIdempotencyKey } from '../../http/idempotency-key';
import { routesFor } from '../../http/route';
import type { BillingDeps } from './deps';
import {
  adminTransactions,
  creatorTransactions,
  refundTransaction,
  type RefundAs,
} from './refunds';

const CreatorTransactionsQuery = TransactionsQuery.omit({ creatorId: true });

/** Single payments and their refunds (issue 43): the admin's and each creator's own. */
export const transactionRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: BillingDeps = {
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      provider: ctx.payments,
      media: ctx.mediaUrls,
    };
    const route = routesFor(app, ctx, { tags: ['billing'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/admin/transactions',
      tags: ['admin'],
      schema: {
        summary: 'Admin: single payments with their refund state',
        operationId: 'adminListTransactions',
        querystring: TransactionsQuery,
        response: { 200: TransactionsPage },
      },
      handler: ({ viewer, request }) => adminTransactions(deps, viewer, request.query),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/transactions',
      schema: {
        summary: "The caller's own payments received, with their refund state",
        operationId: 'creatorListTransactions',
        querystring: CreatorTransactionsQuery,
        response: { 200: TransactionsPage },
      },
      handler: ({ viewer, request }) => creatorTransactions(deps, viewer, request.query),
    });

    for (const [path, as] of [
      ['/api/v1/admin/sales/:id/refund', 'admin'],
      ['/api/v1/creator/sales/:id/refund', 'creator'],
    ] as const satisfies readonly (readonly [string, RefundAs])[]) {
      route.authed({
        method: 'POST',
        url: path,
        tags: [as === 'admin' ? 'admin' : 'billing'],
        perCaller: ctx.config.REFUND_RATE_LIMIT_PER_MINUTE,
        // transaction_not_found; already refunded or more than is left; Stripe unreachable.
        errors: [404, 409, 502],
        schema: {
          summary:
            as === 'admin'
              ? 'Admin: refund a payment (all or part of it)'
              : 'Creator: refund a sale of their own within 14 days',
          operationId: as === 'admin' ? 'adminRefundSale' : 'creatorRefundSale',
          params: TransactionParams,
          headers: IdempotencyKeyHeaders,
          body: RefundRequest,
          response: { 200: RefundResponse },
        },
        handler: ({ viewer, request, meta }) =>
          refundTransaction(
            deps,
            viewer,
            as,
            request.params.id,
            request.body,
            requiredIdempotencyKey(request.headers['idempotency-key']),
            meta(),
          ),
      });
    }
  };
