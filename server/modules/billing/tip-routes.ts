import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentErrorResponse } from '../../../common/schemas/billing';
import {
  BalanceTipRequest,
  BalanceTipResponse,
  CreatorTipsPage,
  PublicTipsPage,
  TipsQuery,
} from '../../../common/schemas/tips';
import type { Container } from '../../container';
import { IdempotencyKeyHeaders, requiredIdempotencyKey } from '../../http/idempotency-key';
import { routesFor } from '../../http/route';
import { ownTips, publicTipsOf, tipFromBalance } from './tips';

const UsernameParams = z.object({ username: z.string().min(1).max(64) });

/** Tips (issue 43): a tip from the balance and the two lists; a tip by card is a checkout. */
export const tipRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['tips'] });

    route.authed({
      method: 'POST',
      url: '/api/v1/tips/balance',
      // creator_not_found; idempotency_key_reused.
      errors: [404, 409],
      schema: {
        summary: 'Tip a creator from the wallet balance',
        operationId: 'tipFromBalance',
        headers: IdempotencyKeyHeaders,
        body: BalanceTipRequest,
        response: { 200: BalanceTipResponse, 402: PaymentErrorResponse },
      },
      handler: ({ viewer, request, meta }) => {
        const key = requiredIdempotencyKey(
          request.headers['idempotency-key'] ?? request.body.idempotencyKey,
        );
        return tipFromBalance(
          { db: ctx.db, feePercent: ctx.config.PLATFORM_FEE_PERCENT },
          viewer,
          request.body,
          key,
          meta(),
        );
      },
    });

    route.open({
      method: 'GET',
      url: '/api/v1/creators/:username/tips',
      errors: [404],
      schema: {
        summary: "The tips a creator's fans let their page show",
        operationId: 'listPublicTips',
        params: UsernameParams,
        querystring: TipsQuery,
        response: { 200: PublicTipsPage },
      },
      handler: ({ request }) => publicTipsOf(ctx.db, request.params.username, request.query),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/tips',
      schema: {
        summary: "The signed-in creator's tips, the private ones too",
        operationId: 'listOwnTips',
        querystring: TipsQuery,
        response: { 200: CreatorTipsPage },
      },
      handler: ({ viewer, request }) => ownTips(ctx.db, viewer, request.query),
    });
  };
