import type { PaidTier } from '../../../../../common/rules/tiers';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  CreateCheckoutSessionRequest,
  LocalPayRequest,
  PausePeriods,
  WalletUnlockResponse,
} from '../../../../../common/schemas/billing';
import {
  billingKeys,
  cancelLocalCheckout,
  cancelSubscription,
  pauseSubscription,
  resumeSubscription,
  changeSubscriptionTier,
  createCheckoutSession,
  fetchBillingConfig,
  fetchLocalCheckout,
  fetchMembership,
  fetchSubscriptions,
  fetchWallet,
  payLocalCheckout,
  retrieveCheckoutSession,
  unlockWithBalance,
} from './billing';
import { applyItemPurchase, invalidateAfterPurchase } from './purchase-cache';

/*
 * The billing queries and mutations as hooks, so components never build a query themselves and
 * every cache rule (what a purchase makes stale, how a pending session is polled) lives here.
 */

/** The viewer's membership with one creator; `enabled` false while it cannot matter. */
export function useMembership(creatorId: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.membership(creatorId),
    queryFn: () => fetchMembership(creatorId),
    enabled,
  });
}

/** The signed-in viewer's wallet (balance and the first page of its history). */
export function useWallet(enabled = true) {
  return useQuery({ queryKey: billingKeys.wallet, queryFn: () => fetchWallet(), enabled });
}

const WALLET_PAGE_SIZE = 50;

/** The wallet page's history, newest first, a page of 50 at a time (it refreshes with the wallet). */
export function useWalletHistory() {
  return useInfiniteQuery({
    queryKey: [...billingKeys.wallet, 'history'],
    queryFn: ({ pageParam }) => fetchWallet({ limit: WALLET_PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Which payment provider runs, and Stripe's publishable key: fixed for the page's life. */
export function useBillingConfig() {
  return useQuery({
    queryKey: billingKeys.config,
    queryFn: fetchBillingConfig,
    staleTime: Infinity,
  });
}

/** The fan's memberships (the wallet's panel). */
export function useSubscriptions() {
  return useQuery({ queryKey: billingKeys.subscriptions, queryFn: fetchSubscriptions });
}

/** Stops a membership's renewal; every billing view refetches afterwards. */
export function useCancelSubscription(subscriptionId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(subscriptionId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      onDone();
    },
  });
}

/** Pauses a membership instead of cancelling it; every billing view refetches afterwards. */
export function usePauseSubscription(subscriptionId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (periods: PausePeriods) => pauseSubscription(subscriptionId, periods),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      onDone();
    },
  });
}

/** Changes a membership's tier (issue 43); every billing view refetches afterwards. */
export function useChangeSubscriptionTier(subscriptionId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tier: PaidTier) => changeSubscriptionTier(subscriptionId, tier),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      onDone();
    },
  });
}

/** Resumes a paused membership; every billing view refetches afterwards. */
export function useResumeSubscription(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumeSubscription(subscriptionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/**
 * Unlocks an item with the balance under the caller's Idempotency-Key. Success patches the cached
 * views of the item from the answer; finding it owned already refreshes every view of items; a
 * refusal for balance refreshes the wallet.
 */
export function useUnlockWithBalance(
  itemId: number,
  handlers: {
    onUnlocked: (answer: WalletUnlockResponse) => void;
    /** Classifies the failure for the cache: owned already, or a stale balance. */
    onFailed: (error: Error) => 'alreadyOwned' | 'insufficient' | 'other';
    onSettled: () => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => unlockWithBalance(itemId, key),
    onSuccess: async (answer) => {
      handlers.onUnlocked(answer);
      await applyItemPurchase(queryClient, answer.product);
    },
    onError: async (error) => {
      const kind = handlers.onFailed(error);
      if (kind === 'alreadyOwned') await invalidateAfterPurchase(queryClient);
      // The balance shown was stale (spent in another tab): show the server's.
      if (kind === 'insufficient') {
        await queryClient.invalidateQueries({ queryKey: billingKeys.wallet });
      }
    },
    onSettled: handlers.onSettled,
  });
}

// Stripe may report a session as still being paid for a moment after the redirect; look again a
// few times before showing it as incomplete.
const PENDING_POLL_MS = 2000;
const PENDING_POLLS = 10;

/** A checkout session's result, polled while pending; a fulfilled one updates the item views. */
export function useCheckoutSessionResult(sessionId: string) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: billingKeys.session(sessionId),
    queryFn: () => retrieveCheckoutSession(sessionId),
    refetchInterval: (query) =>
      query.state.data && !query.state.data.fulfilled && query.state.dataUpdateCount < PENDING_POLLS
        ? PENDING_POLL_MS
        : false,
  });
  const isFulfilled = session.data?.fulfilled === true;
  const product = session.data?.product ?? null;
  useEffect(() => {
    if (!isFulfilled) return;
    // An item's answer carries it unlocked; a membership or a top-up changes more than one view.
    void (product ? applyItemPurchase(queryClient, product) : invalidateAfterPurchase(queryClient));
  }, [isFulfilled, product, queryClient]);
  return session;
}

/**
 * Opens one checkout session for what the checkout page shows, once per distinct request while
 * `enabled`: a session is a thing the server creates, so this is a mutation, and the ref keeps
 * StrictMode's second effect run from opening a second one.
 */
export function useNewCheckoutSession(body: CreateCheckoutSessionRequest, enabled: boolean) {
  const create = useMutation({ mutationFn: createCheckoutSession });
  const opened = useRef<string | null>(null);
  const requestKey = JSON.stringify(body);
  const { mutate } = create;
  useEffect(() => {
    if (!enabled || opened.current === requestKey) return;
    opened.current = requestKey;
    mutate(JSON.parse(requestKey) as CreateCheckoutSessionRequest);
  }, [enabled, requestKey, mutate]);
  return create;
}

/** The local provider's hosted checkout: what is being paid for. */
export function useLocalCheckout(sessionId: string) {
  return useQuery({
    queryKey: billingKeys.localCheckout(sessionId),
    queryFn: () => fetchLocalCheckout(sessionId),
    enabled: sessionId !== '',
    retry: false,
  });
}

/** Pays a local checkout session with the test card. */
export function usePayLocalCheckout(sessionId: string) {
  return useMutation({ mutationFn: (card: LocalPayRequest) => payLocalCheckout(sessionId, card) });
}

/** Abandons a local checkout session; where the payer goes back to, whatever the answer. */
export async function abandonLocalCheckout(sessionId: string, fallbackUrl: string) {
  try {
    return (await cancelLocalCheckout(sessionId)).redirectUrl;
  } catch {
    // The session stays open and expires by itself; the payer still goes back.
    return fallbackUrl;
  }
}
