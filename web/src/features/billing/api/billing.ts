import type { PaidTier } from '../../../../../common/rules/tiers';
import {
  BillingConfigResponse,
  CheckoutSessionResponse,
  CreateCheckoutSessionResponse,
  LocalCancelResponse,
  LocalCheckoutSummary,
  LocalPayResponse,
  MembershipResponse,
  Subscription,
  SubscriptionList,
  WalletResponse,
  WalletUnlockResponse,
  type CreateCheckoutSessionRequest,
  type LocalPayRequest,
  type PausePeriods,
} from '../../../../../common/schemas/billing';
import { request } from '../../../shared/api/request';

/*
 * The payment calls of SPEC §7 and issue 5. Answers are parsed with the shared schemas, so a
 * server change that breaks the contract fails loudly here instead of rendering half a page.
 */

/** Query keys of the billing data, so mutations elsewhere can invalidate them. */
export const billingKeys = {
  all: ['billing'] as const,
  config: ['billing', 'config'] as const,
  wallet: ['billing', 'wallet'] as const,
  subscriptions: ['billing', 'subscriptions'] as const,
  membership: (creatorId: string) => ['billing', 'membership', creatorId] as const,
  session: (sessionId: string) => ['billing', 'session', sessionId] as const,
  localCheckout: (sessionId: string) => ['billing', 'local-checkout', sessionId] as const,
};

export async function fetchBillingConfig(): Promise<BillingConfigResponse> {
  return BillingConfigResponse.parse(await request('/api/v1/billing/config'));
}

/** SPEC §7: POST /v1/billing/create-checkout-session {tier, price, productId} -> {id}. */
export async function createCheckoutSession(
  body: CreateCheckoutSessionRequest,
): Promise<CreateCheckoutSessionResponse> {
  return CreateCheckoutSessionResponse.parse(
    await request('/v1/billing/create-checkout-session', { method: 'POST', body }),
  );
}

/** SPEC §7: GET /v1/billing/retrieve-checkout-session/{sessionId}. */
export async function retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionResponse> {
  return CheckoutSessionResponse.parse(
    await request(`/v1/billing/retrieve-checkout-session/${encodeURIComponent(sessionId)}`),
  );
}

// ---- the local provider's hosted checkout ----

export async function fetchLocalCheckout(sessionId: string): Promise<LocalCheckoutSummary> {
  return LocalCheckoutSummary.parse(
    await request(`/api/v1/billing/local-checkout/${encodeURIComponent(sessionId)}`),
  );
}

export async function payLocalCheckout(
  sessionId: string,
  body: LocalPayRequest,
): Promise<LocalPayResponse> {
  return LocalPayResponse.parse(
    await request(`/api/v1/billing/local-checkout/${encodeURIComponent(sessionId)}/pay`, {
      method: 'POST',
      body,
    }),
  );
}

export async function cancelLocalCheckout(sessionId: string): Promise<LocalCancelResponse> {
  return LocalCancelResponse.parse(
    await request(`/api/v1/billing/local-checkout/${encodeURIComponent(sessionId)}/cancel`, {
      method: 'POST',
      body: {},
    }),
  );
}

// ---- memberships ----

export async function fetchSubscriptions(): Promise<SubscriptionList> {
  return SubscriptionList.parse(await request('/api/v1/billing/subscriptions'));
}

export async function cancelSubscription(subscriptionId: string): Promise<Subscription> {
  return Subscription.parse(
    await request(`/api/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
      method: 'POST',
      body: {},
    }),
  );
}

/** Pauses a membership from the end of its paid period for 1, 2 or 3 periods (issue 43). */
export async function pauseSubscription(
  subscriptionId: string,
  periods: PausePeriods,
): Promise<Subscription> {
  return Subscription.parse(
    await request(`/api/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/pause`, {
      method: 'POST',
      body: { periods },
    }),
  );
}

/** Resumes a paused membership (renewing now if the pause has begun). */
export async function resumeSubscription(subscriptionId: string): Promise<Subscription> {
  return Subscription.parse(
    await request(`/api/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/resume`, {
      method: 'POST',
      body: {},
    }),
  );
}

/** Changes a membership's tier: an upgrade now (charged the server's quote), a downgrade at its period end. */
export async function changeSubscriptionTier(
  subscriptionId: string,
  tier: PaidTier,
): Promise<Subscription> {
  return Subscription.parse(
    await request(`/api/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/change`, {
      method: 'POST',
      body: { tier },
    }),
  );
}

export async function fetchMembership(creatorId: string): Promise<MembershipResponse> {
  return MembershipResponse.parse(
    await request(`/api/v1/billing/membership/${encodeURIComponent(creatorId)}`),
  );
}

// ---- wallet ----

export async function fetchWallet(
  page: { limit?: number; before?: number } = {},
): Promise<WalletResponse> {
  const query = new URLSearchParams();
  if (page.limit) query.set('limit', String(page.limit));
  if (page.before) query.set('before', String(page.before));
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return WalletResponse.parse(await request(`/api/v1/wallet${suffix}`));
}

/**
 * Unlocks an item with the balance. The Idempotency-Key is made once per purchase intent by the
 * caller: repeating the call with the same key answers the first result and never charges twice.
 */
export async function unlockWithBalance(
  itemId: number,
  idempotencyKey: string,
): Promise<WalletUnlockResponse> {
  return WalletUnlockResponse.parse(
    await request('/api/v1/wallet/unlock', {
      method: 'POST',
      body: { itemId },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}
