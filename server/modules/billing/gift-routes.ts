import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GiftActionResponse,
  PublicGift,
  RedeemGiftResponse,
  SentGiftsResponse,
} from '../../../common/schemas/gifts';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import type { BillingDeps } from './deps';
import { publicGift, redeemGift, refundGift, resendGift, sentGifts } from './gifts';

const CodeParams = z.object({ code: z.string().min(1).max(100) });
const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Gifts (issue 43): bought through the checkout's `gift`; redeemed and managed here. */
export const giftRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['gifts'] });
    const deps: BillingDeps = {
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      provider: ctx.payments,
      media: ctx.mediaUrls,
    };

    route.authed({
      method: 'GET',
      url: '/api/v1/gifts',
      schema: {
        summary: "The signed-in giver's gifts, with whether each was sent and redeemed",
        operationId: 'listSentGifts',
        response: { 200: SentGiftsResponse },
      },
      handler: ({ viewer }) => sentGifts(deps, viewer),
    });

    // The code is the secret of the gift mail's link: a slow limit keeps it from being guessed.
    route.open({
      method: 'GET',
      url: '/api/v1/gifts/:code',
      perCaller: 60,
      errors: [404],
      schema: {
        summary: 'What a gift is, by its redeem code',
        operationId: 'getGift',
        params: CodeParams,
        response: { 200: PublicGift },
      },
      handler: ({ request }) => publicGift(ctx.db, request.params.code),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/gifts/:code/redeem',
      perCaller: 30,
      // gift_not_found; gift_already_redeemed, gift_refunded, gift_own, gift_membership_held,
      // gift_item_owned.
      errors: [404, 409],
      schema: {
        summary: 'Redeem a gift once for the signed-in account',
        operationId: 'redeemGift',
        params: CodeParams,
        response: { 200: RedeemGiftResponse },
      },
      handler: ({ viewer, request, meta }) => redeemGift(deps, viewer, request.params.code, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/gifts/:id/resend',
      // gift_not_found; gift_already_redeemed, gift_refunded; gift_resend_too_soon.
      errors: [404, 409, 429],
      schema: {
        summary: 'Send the gift mail again (the giver, at most once per 10 minutes)',
        operationId: 'resendGift',
        params: IdParams,
        response: { 200: GiftActionResponse },
      },
      handler: ({ viewer, request, meta }) => resendGift(deps, viewer, request.params.id, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/gifts/:id/refund',
      // gift_not_found; gift_already_redeemed, gift_refunded, gift_not_refundable_yet;
      // refund_not_supported; payment_provider_unreachable.
      errors: [404, 409, 502],
      schema: {
        summary: 'Refund an unredeemed gift to its giver, 30 days after its purchase',
        operationId: 'refundGift',
        params: IdParams,
        response: { 200: GiftActionResponse },
      },
      handler: ({ viewer, request, meta }) => refundGift(deps, viewer, request.params.id, meta()),
    });
  };
