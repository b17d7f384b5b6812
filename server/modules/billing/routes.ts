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
  PauseSubscriptionRequest,
  ChangeTierRequest,
  Subscription,
  SubscriptionList,
  TOPUP_MAX_CENTS,
  TOPUP_MIN_CENTS,
  WALLET_CURRENCY,
} from '../../../common/schemas/billing';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { cancelLocalCheckout, localCheckoutSummary, payLocalCheckout } from './local-checkout';
import { cancelSubscription } from './cancel-membership';
import { pauseSubscription, resumeSubscription } from './pause-membership';
import { changeSubscriptionTier } from './change-tier';
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
    const route = routesFor(app, ctx, { tags: ['billing'] });

    route.open({
      method: 'GET',
      url: '/api/v1/billing/config',
      schema: {
        summary: 'Payment settings: provider, tiers, fees, top-up bounds',
        operationId: 'getBillingConfig',
        response: { 200: BillingConfigResponse },
      },
      handler: () => ({
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
    });

    route.authed({
      method: 'POST',
      url: '/v1/billing/create-checkout-session',
      // Each session is a stored row and a provider call: one user started 1,000 in 2.5 s.
      perCaller: ctx.config.CHECKOUT_RATE_LIMIT_PER_MINUTE,
      // creator_not_found / item_not_found, a running membership or a used-up discount code, an
      // expired discount code, the provider unreachable.
      errors: [404, 409, 410, 502],
      schema: {
        summary: 'Start a checkout (an item, a membership or a top-up)',
        operationId: 'createCheckoutSession',
        body: CreateCheckoutSessionRequest,
        response: { 200: CreateCheckoutSessionResponse },
      },
      handler: ({ viewer, request, meta }) =>
        createCheckoutSession(deps, viewer, request.body, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/v1/billing/retrieve-checkout-session/:sessionId',
      errors: [502],
      schema: {
        summary: 'A checkout session and what it bought',
        operationId: 'getCheckoutSession',
        params: SessionParams,
        response: { 200: CheckoutSessionResponse },
      },
      handler: ({ viewer, request, meta }) =>
        retrieveCheckoutSession(deps, viewer, request.params.sessionId, meta()),
    });

    // The signature is computed over the exact bytes Stripe sent: this route alone keeps the
    // body raw (an encapsulated plugin, so every other route still parses JSON).
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      routesFor(raw, ctx, { tags: ['billing'] }).open({
        method: 'POST',
        url: '/v1/billing/webhook',
        // webhooks_not_used: this server does not use Stripe.
        errors: [404],
        schema: {
          summary: 'Stripe webhook (signed events)',
          operationId: 'stripeWebhook',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
        handler: ({ request, meta }) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          return handleWebhook(
            deps,
            body,
            typeof signature === 'string' ? signature : undefined,
            meta(),
          );
        },
      });
    });

    route.optional({
      method: 'GET',
      url: '/api/v1/billing/local-checkout/:sessionId',
      // The buyer's e-mail is shown only to the buyer: the session id travels in URLs.
      errors: [409, 410],
      schema: {
        summary: 'A local checkout session to pay',
        operationId: 'getLocalCheckout',
        params: SessionParams,
        response: { 200: LocalCheckoutSummary },
      },
      handler: ({ viewer, request }) =>
        localCheckoutSummary(deps, request.params.sessionId, viewer?.id ?? null),
    });

    route.open({
      method: 'POST',
      url: '/api/v1/billing/local-checkout/:sessionId/pay',
      // Card-testing brake: a person types a card a few times, a script thousands.
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `${request.ip}:${(request.params as { sessionId?: string }).sessionId ?? ''}`,
        },
      },
      errors: [409, 410],
      schema: {
        summary: 'Pay a local checkout session by card',
        operationId: 'payLocalCheckout',
        params: SessionParams,
        body: LocalPayRequest,
        response: { 200: LocalPayResponse, 402: PaymentErrorResponse },
      },
      handler: ({ request, meta }) =>
        payLocalCheckout(deps, request.params.sessionId, request.body, meta()),
    });

    route.open({
      method: 'POST',
      url: '/api/v1/billing/local-checkout/:sessionId/cancel',
      errors: [409, 410],
      schema: {
        summary: 'Cancel a local checkout session',
        operationId: 'cancelLocalCheckout',
        params: SessionParams,
        response: { 200: LocalPayResponse },
      },
      handler: ({ request, meta }) => cancelLocalCheckout(deps, request.params.sessionId, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/billing/subscriptions',
      schema: {
        summary: 'The signed-in fan’s memberships',
        operationId: 'listSubscriptions',
        response: { 200: SubscriptionList },
      },
      handler: async ({ viewer }) => ({ subscriptions: await listSubscriptions(deps, viewer) }),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/:id/cancel',
      // membership_ended, the provider unreachable.
      errors: [409, 502],
      schema: {
        summary: 'Cancel a membership at the end of its period',
        operationId: 'cancelSubscription',
        params: SubscriptionParams,
        response: { 200: Subscription },
      },
      handler: ({ viewer, request, meta }) =>
        cancelSubscription(deps, viewer, request.params.id, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/:id/pause',
      // Not the caller's (404); ended, already paused, cancelled, not pausable, Stripe on a server
      // without Stripe, yearly (409); Stripe refused or unreachable (502).
      errors: [400, 404, 409, 502],
      schema: {
        summary: 'Pause a membership for 1, 2 or 3 periods from the end of the paid one',
        operationId: 'pauseSubscription',
        params: SubscriptionParams,
        body: PauseSubscriptionRequest,
        response: { 200: Subscription },
      },
      handler: ({ viewer, request, meta }) =>
        pauseSubscription(deps, viewer, request.params.id, request.body.periods, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/:id/resume',
      // Not the caller's (404); ended, Stripe on a server without Stripe (409); Stripe refused or
      // unreachable (502).
      errors: [404, 409, 502],
      schema: {
        summary: 'Resume a paused membership now (renews at once if the pause has begun)',
        operationId: 'resumeSubscription',
        params: SubscriptionParams,
        response: { 200: Subscription },
      },
      handler: ({ viewer, request, meta }) =>
        resumeSubscription(deps, viewer, request.params.id, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/:id/change',
      // Not the caller's (404); card declined (402); ended, same tier, cancelled, paused, not
      // changeable, Stripe (409).
      errors: [400, 402, 404, 409],
      schema: {
        summary:
          'Change the tier: an upgrade now (charged the prorated difference), a downgrade at the period end',
        operationId: 'changeSubscriptionTier',
        params: SubscriptionParams,
        body: ChangeTierRequest,
        response: { 200: Subscription },
      },
      handler: ({ viewer, request, meta }) =>
        changeSubscriptionTier(deps, viewer, request.params.id, request.body.tier, meta()),
    });

    route.optional({
      method: 'GET',
      url: '/api/v1/billing/membership/:creatorId',
      schema: {
        summary: 'The caller’s membership of a creator',
        operationId: 'getMembership',
        params: CreatorParams,
        response: { 200: MembershipResponse },
      },
      handler: ({ viewer, request }) => membershipOf(deps, viewer, request.params.creatorId),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/billing/earnings',
      schema: {
        summary: 'A creator’s earnings by currency',
        operationId: 'getEarnings',
        response: { 200: EarningsResponse },
      },
      handler: async ({ viewer }) => ({
        byCurrency: await earningsByCurrency(ctx.db, viewer.id, ctx.clock.now()),
        platformFeePercent: ctx.config.PLATFORM_FEE_PERCENT,
      }),
    });
  };
