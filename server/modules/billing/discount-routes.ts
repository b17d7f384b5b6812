import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateDiscountRequest,
  DeleteDiscountResponse,
  DiscountCode,
  DiscountList,
  DiscountParams,
} from '../../../common/schemas/discounts';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import type { BillingDeps } from './deps';
import { createDiscount, deleteDiscount, listDiscounts } from './discounts';

/** A creator's discount codes (issue 43): only their own, another's is not found. */
export const discountRoutes =
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
      method: 'POST',
      url: '/api/v1/creator/discounts',
      // The code is taken already, or the creator holds the most codes allowed.
      errors: [409],
      schema: {
        summary: 'Creator: create a discount code',
        operationId: 'createDiscountCode',
        body: CreateDiscountRequest,
        response: { 201: DiscountCode },
      },
      handler: async ({ viewer, request, reply, meta }) => {
        const made = await createDiscount(deps, viewer, request.body, meta());
        return reply.status(201).send(made);
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/discounts',
      schema: {
        summary: "Creator: the caller's discount codes with their redemptions",
        operationId: 'listDiscountCodes',
        response: { 200: DiscountList },
      },
      handler: ({ viewer }) => listDiscounts(deps, viewer),
    });

    route.authed({
      method: 'DELETE',
      url: '/api/v1/creator/discounts/:id',
      schema: {
        summary: 'Creator: delete a discount code of their own',
        operationId: 'deleteDiscountCode',
        params: DiscountParams,
        response: { 200: DeleteDiscountResponse },
      },
      handler: async ({ viewer, request, meta }) => {
        await deleteDiscount(deps, viewer, request.params.id, meta());
        return { id: request.params.id };
      },
    });
  };
