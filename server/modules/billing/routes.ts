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
import { createPaymentsProvider } from '../../adapters/payments/index';
import type { PaymentsProvider } from '../../adapters/payments/provider';
import type { AppContext } from '../../context';
import { mediaUrlsOf } from '../media/signed-urls';
import { cancelLocalCheckout, localCheckoutSummary, payLocalCheckout } from './local-checkout';
import { runRenewals } from './renewals';
import {
  cancelSubscription,
  createCheckoutSession,
  handleWebhook,
  listSubscriptions,
  membershipOf,
  retrieveCheckoutSession,
  type BillingDeps,
} from './service';
import { earningsSummary } from './stats';

const SessionParams = z.object({
  sessionId: z.string().regex(/^[\w-]{1,255}$/, 'sessionIdInvalid'),
});
const SubscriptionParams = z.object({ id: z.uuid('subscriptionIdInvalid') });
const CreatorParams = z.object({ creatorId: z.uuid('creatorIdInvalid') });

/** How often the local provider's renewal job looks for memberships at their period end. */
const RENEWAL_INTERVAL_MS = 60_000;

export const billingRoutes =
  (ctx: AppContext, options: { provider?: PaymentsProvider } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = options.provider ?? createPaymentsProvider(ctx.config, ctx.db);
    const deps: BillingDeps = {
      db: ctx.db,
      config: ctx.config,
      clock: ctx.clock,
      provider,
      media: mediaUrlsOf(ctx),
    };

    if (provider.name === 'local') {
      const timer = setInterval(() => {
        runRenewals(ctx.db, ctx.config, ctx.clock.now()).catch((err: unknown) =>
          app.log.error({ err }, 'membership renewals failed'),
        );
      }, RENEWAL_INTERVAL_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }

    app.get(
      '/api/v1/billing/config',
      { schema: { tags: ['billing'], response: { 200: BillingConfigResponse } } },
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
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          body: CreateCheckoutSessionRequest,
          response: { 200: CreateCheckoutSessionResponse },
        },
      },
      async (request) => createCheckoutSession(deps, ctx.guards.viewerOf(request), request.body),
    );

    app.get(
      '/v1/billing/retrieve-checkout-session/:sessionId',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          params: SessionParams,
          response: { 200: CheckoutSessionResponse },
        },
      },
      async (request) =>
        retrieveCheckoutSession(deps, ctx.guards.viewerOf(request), request.params.sessionId),
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
          schema: {
            tags: ['billing'],
            response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          return handleWebhook(deps, body, typeof signature === 'string' ? signature : undefined);
        },
      );
    });

    app.get(
      '/api/v1/billing/local-checkout/:sessionId',
      {
        schema: {
          tags: ['billing'],
          params: SessionParams,
          response: { 200: LocalCheckoutSummary },
        },
      },
      async (request) => localCheckoutSummary(deps, request.params.sessionId),
    );

    app.post(
      '/api/v1/billing/local-checkout/:sessionId/pay',
      {
        // Card-testing brake: a person types a card a few times, a script thousands.
        config: {
          rateLimit: {
            max: 30,
            timeWindow: '1 minute',
            keyGenerator: (request) =>
              `${request.ip}:${(request.params as { sessionId?: string }).sessionId ?? ''}`,
          },
        },
        schema: {
          tags: ['billing'],
          params: SessionParams,
          body: LocalPayRequest,
          response: { 200: LocalPayResponse, 402: PaymentErrorResponse },
        },
      },
      async (request) => payLocalCheckout(deps, request.params.sessionId, request.body),
    );

    app.post(
      '/api/v1/billing/local-checkout/:sessionId/cancel',
      { schema: { tags: ['billing'], params: SessionParams, response: { 200: LocalPayResponse } } },
      async (request) => cancelLocalCheckout(deps, request.params.sessionId),
    );

    app.get(
      '/api/v1/billing/subscriptions',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
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
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          params: SubscriptionParams,
          response: { 200: Subscription },
        },
      },
      async (request) => cancelSubscription(deps, ctx.guards.viewerOf(request), request.params.id),
    );

    app.get(
      '/api/v1/billing/membership/:creatorId',
      {
        preHandler: ctx.guards.optionalAuth,
        schema: { tags: ['billing'], params: CreatorParams, response: { 200: MembershipResponse } },
      },
      async (request) => membershipOf(deps, request.viewer, request.params.creatorId),
    );

    app.get(
      '/api/v1/billing/earnings',
      {
        preHandler: ctx.guards.requireAuth,
        schema: {
          tags: ['billing'],
          security: [{ bearer: [] }],
          response: { 200: EarningsResponse },
        },
      },
      async (request) => ({
        ...(await earningsSummary(ctx.db, ctx.guards.viewerOf(request).id, ctx.clock.now())),
        platformFeePercent: ctx.config.PLATFORM_FEE_PERCENT,
      }),
    );
  };
