import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CreateCheckoutSessionResponse } from '../../../../../common/schemas/billing';
import {
  BalanceTipResponse,
  CreatorTipsPage,
  PublicTipsPage,
  type TipNote,
} from '../../../../../common/schemas/tips';
import { TIP_TIER } from '../../../../../common/rules/tips';
import { realtime } from '../../../shared/api/realtime';
import { request } from '../../../shared/api/request';
import { billingKeys } from '../../billing/api/billing';

/*
 * Tips (issue 43): the calls and their hooks. A tip by card is a checkout (tier 'tip'); a tip
 * from the balance is one call with an Idempotency-Key made once per dialog, so a double click
 * pays once.
 */

export const tipKeys = {
  all: ['tips'] as const,
  public: (username: string) => ['tips', 'public', username] as const,
  own: ['tips', 'own'] as const,
};

const PAGE_SIZE = 20;

const pageQuery = (before: number | undefined) =>
  `?limit=${PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`;

/** The tips a creator's fans let their page show, newest first, a page at a time. */
export function usePublicTips(username: string) {
  return useInfiniteQuery({
    queryKey: tipKeys.public(username),
    queryFn: async ({ pageParam }) =>
      PublicTipsPage.parse(
        await request(
          `/api/v1/creators/${encodeURIComponent(username)}/tips${pageQuery(pageParam)}`,
        ),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/**
 * The signed-in creator's tips, the private ones too (the dashboard's panel). While mounted, a
 * tip pushed over the socket, or the socket becoming ready (it may have missed one), fetches the
 * list again.
 */
export function useOwnTips() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tipKeys.own });
    const stops = [
      realtime.on('tip.received', refresh),
      realtime.onReady(refresh),
      realtime.retain(),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return useInfiniteQuery({
    queryKey: tipKeys.own,
    queryFn: async ({ pageParam }) =>
      CreatorTipsPage.parse(await request(`/api/v1/creator/tips${pageQuery(pageParam)}`)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export interface TipInput {
  creatorId: string;
  amountCents: number;
  note: TipNote;
}

/** Starts a card checkout of a tip; the caller follows the answer's `url`. */
export function useStartTipCheckout() {
  return useMutation({
    mutationFn: async ({ creatorId, amountCents, note }: TipInput) =>
      CreateCheckoutSessionResponse.parse(
        await request('/v1/billing/create-checkout-session', {
          method: 'POST',
          body: { tier: TIP_TIER, creatorId, amount: amountCents, tip: note },
        }),
      ),
  });
}

/** Pays a tip from the balance; the wallet and the tip lists refetch afterwards. */
export function useTipFromBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: TipInput; key: string }) =>
      BalanceTipResponse.parse(
        await request('/api/v1/tips/balance', {
          method: 'POST',
          body: {
            creatorId: input.creatorId,
            amountCents: input.amountCents,
            ...input.note,
          },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.wallet });
      await queryClient.invalidateQueries({ queryKey: tipKeys.all });
    },
  });
}
