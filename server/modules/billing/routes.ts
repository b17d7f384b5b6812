import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIER_CURRENCY, TIER_PRICE_CENTS } from '../../../common/rules/tiers';
import {
  BillingConfigResponse,
  CheckoutSessionResponse,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  EarningsResponse,
  LocalCheckoutSummary,
  LocalPayRequest,
  LocalPayResponse,
  MembershipResponse,
  PaymentErrorResponse,
  Subscription,
  SubscriptionList,
  TOPUP_MAX_CENTS,
  TOPUP_MIN_CENTS,
  WALLET_CURRENCY,
} from '../../../common/schemas/billing';
import type { Container } from '../../container';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { cancelLocalCheckout, localCheckoutSummary, payLocalCheckout } from './local-checkout';
import { cancelSubscription } from './cancel-membership';
import { createCheckoutSession } from './checkout-session';
import type { BillingDeps } from './deps';
import { listSubscriptions } from './list-subscriptions';
import { membershipOf } from './membership-status';
import { retrieveCheckoutSession } from './retrieve-checkout';
import { handleWebhook } from './webhook';
import { earningsByCurrency } from './stats';

const SessionParams = z.object({
  sessionId: z.string().regex(/^[\w-]{1,255}$/, 'sessionIdInvalid'),
});
const SubscriptionParams = z.object({ id: z.uuid('subscriptionIdInvalid') });
const CreatorParams = z.object({ creatorId: z.uuid('creatorIdInvalid') });

export const billingRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = ctx.payments;
    const deps: BillingDeps = {
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      provider,
      media: ctx.mediaUrls,
    };
    const meta = (request: FastifyRequest) => requestMeta(request, ctx.clock);

    app.get(
      '/api/v1/billing/config',
      {
        schema: {
          tags: ['billing'],
          summary: 'Payment settings: provider, tiers, fees, top-up bounds',
          operationId: 'getBillingConfig',
          response: { 200: BillingConfigResponse },
        },
      },
      async () => ({
        provider: provider.name,
        publishableKey:
          provider.name === 'stripe' ? (ctx.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
        platformFeePercent: ctx.config.PLATFORM_FEE_PERCENT,
        tiers: {
          Hypr: { priceCents: TIER_PRICE_CENTS.Hypr, currency: TIER_CURRENCY },
          HyprSoul: { priceCents: TIER_PRICE_CENTS.HyprSoul, currency: TIER_CURRENCY },
        },
        topup: { minCents: TOPUP_MIN_CENTS, maxCents: TOPUP_MAX_CENTS, currency: WALLET_CURRENCY },
      }),
    );

    app.post(
      '/v1/billing/create-checkout-session',
      {
        preHandler: ctx.guards.requireAuth,
        // Each session is a stored row and a provider call: one user started 1,000 in 2.5 s.
        config: {
          ...perCaller(ctx.tokens, ctx.config.CHECKOUT_RATE_LIMIT_PER_MINUTE),
          // creator_not_found / item_not_found, a running membership, the provider unreachable.
          openapi: { errors: [404, 409, 502] },
        },
        schema: {
          tags: ['billing'],
          summary: 'Start a checkout (an item, a membership or a top-up)',
          operationId: 'createCheckoutSession',
          body: CreateCheckoutSessionRequest,
          response: { 200: CreateCheckoutSessionResponse },
        },
      },
      async (request) =>
        createCheckoutSession(deps, ctx.guards.viewerOf(request), request.body, meta(request)),
    );

    app.get(
      '/v1/billing/retrieve-checkout-session/:sessionId',
      {
        preHandler: ctx.guards.requireAuth,
        config: { openapi: { errors: [502] } },
        schema: {
          tags: ['billing'],
          summary: 'A checkout session and what it bought',
          operationId: 'getCheckoutSession',
          params: SessionParams,
          response: { 200: CheckoutSessionResponse },
        },
      },
      async (request) =>
        retrieveCheckoutSession(
          deps,
          ctx.guards.viewerOf(request),
          request.params.sessionId,
          meta(request),
        ),
    );

    // The signature is computed over the exact bytes Stripe sent: this route alone keeps the
    // body raw (an encapsulated plugin, so every other route still parses JSON).
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      raw.post(
        '/v1/billing/webhook',
        {
          // webhooks_not_used: this server does not use Stripe.
          config: { openapi: { errors: [404] } },
          schema: {
            tags: ['billing'],
            summary: 'Stripe webhook (signed events)',
            operationId: 'stripeWebhook',
            response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          return handleWebhook(
            deps,
            body,
            typeof signature === 'string' ? signature : undefined,
            meta(request),
          );
        },
      );
    });

    app.get(
      '/api/v1/billing/local-checkout/:sessionId',
      {
        // The buyer's e-mail is shown only to the buyer: the session id travels in URLs.
        preHandler: ctx.guards.optionalAuth,
        config: { openapi: { errors: [409, 410] } },
        schema: {
          tags: ['billing'],
          summary: 'A local checkout session to pay',
          operationId: 'getLocalCheckout',
          params: SessionParams,
          response: { 200: LocalCheckoutSummary },
        },
      },
      async (request) =>
        localCheckoutSummary(deps, request.params.sessionId, request.viewer?.id ?? null),
    );

    app.post(
      '/api/v1/billing/local-checkout/:sessionId/pay',
      {
        // Card-testing brake: a person types a card a few times, a script thousands.
        config: {
          openapi: { errors: [409, 410] },
          rateLimit: {
            max: 30,
            timeWindow: '1 minute',
            keyGenerator: (request) =>
              `${request.ip}:${(request.params as { sessionId?: string }).sessionId ?? ''}`,
          },
        },
        schema: {
          tags: ['billing'],
          summary: 'Pay a local checkout session by card',
          operationId: 'payLocalCheckout',
          params: SessionParams,
          body: LocalPayRequest,
          response: { 200: LocalPayResponse, 402: PaymentErrorResponse },
        },
      },
      async (request) =>
        payLocalCheckout(deps, request.params.sessionId, request.body, meta(request)),
    );

    app.post(
      '/api/v1/billing/local-checkout/:sessionId/cancel',
      {
        config: { openapi: { errors: [409, 410] } },
        schema: {
          tags: ['billing'],
          summary: 'Cancel a local checkout session',
          operationId: 'cancelLocalCheckout',
          params: SessionParams,
          response: { 200: LocalPayResponse },
        },
      },
      async (request) => cancelLocalCheckout(deps, request.params.sessionId, meta(request)),
    );

    app.get(
      '/api/v1/billing/subscriptions',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['billing'],
          summary: 'The signed-in fan’s memberships',
          operationId: 'listSubscriptions',
          response: { 200: SubscriptionList },
        },
      },
      async (request) => ({
        subscriptions: await listSubscriptions(deps, ctx.guards.viewerOf(request)),
      }),
    );

    app.post(
      '/api/v1/billing/subscriptions/:id/cancel',
      {
        preHandler: ctx.guards.requireAuth,
        // membership_ended, the provider unreachable.
        config: { openapi: { errors: [409, 502] } },
        schema: {
          tags: ['billing'],
          summary: 'Cancel a membership at the end of its period',
          operationId: 'cancelSubscription',
          params: SubscriptionParams,
          response: { 200: Subscription },
        },
      },
      async (request) =>
        cancelSubscription(deps, ctx.guards.viewerOf(request), request.params.id, meta(request)),
    );

    app.get(
      '/api/v1/billing/membership/:creatorId',
      {
        preHandler: ctx.guards.optionalAuth,
        schema: {
          tags: ['billing'],
          summary: 'The caller’s membership of a creator',
          operationId: 'getMembership',
          params: CreatorParams,
          response: { 200: MembershipResponse },
        },
      },
      async (request) => membershipOf(deps, request.viewer, request.params.creatorId),
    );

    app.get(
      '/api/v1/billing/earnings',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['billing'],
          summary: 'A creator’s earnings by currency',
          operationId: 'getEarnings',
          response: { 200: EarningsResponse },
        },
      },
      async (request) => ({
        byCurrency: await earningsByCurrency(
          ctx.db,
          ctx.guards.viewerOf(request).id,
          ctx.clock.now(),
        ),
        platformFeePercent: ctx.config.PLATFORM_FEE_PERCENT,
      }),
    );
  };
