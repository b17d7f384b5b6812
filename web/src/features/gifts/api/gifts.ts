import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateCheckoutSessionResponse } from '../../../../../common/schemas/billing';
import {
  GiftActionResponse,
  PublicGift,
  RedeemGiftResponse,
  SentGiftsResponse,
  type GiftOrder,
} from '../../../../../common/schemas/gifts';
import type { PaidTier } from '../../../../../common/rules/tiers';
import { request } from '../../../shared/api/request';

/*
 * Gifts (issue 43): buying one is a checkout with `gift`; the code's page reads and redeems it;
 * the wallet lists the giver's gifts with their two actions.
 */

export const giftKeys = {
  sent: ['gifts', 'sent'] as const,
  byCode: (code: string) => ['gifts', 'code', code] as const,
};

/** What is given: an item (at its price, or a chosen pay-what-you-want amount) or a tier. */
export type GiftTarget =
  | { kind: 'item'; itemId: number; title: string; amountCents?: number }
  | { kind: 'membership'; creatorId: string; creatorName: string };

export interface GiftCheckoutInput {
  target: GiftTarget;
  tier?: PaidTier;
  gift: GiftOrder;
}

/** Starts the gift's checkout; the caller follows the answer's `url` (the local page or Stripe). */
export function useStartGiftCheckout() {
  return useMutation({
    mutationFn: async ({ target, tier, gift }: GiftCheckoutInput) =>
      CreateCheckoutSessionResponse.parse(
        await request('/v1/billing/create-checkout-session', {
          method: 'POST',
          body:
            target.kind === 'item'
              ? {
                  tier: target.title,
                  productId: target.itemId,
                  ...(target.amountCents !== undefined ? { amount: target.amountCents } : {}),
                  gift,
                }
              : { tier: tier ?? 'Hypr', creatorId: target.creatorId, gift },
        }),
      ),
  });
}

/** The gift a code names (public: the code is the secret). */
export function usePublicGift(code: string) {
  return useQuery({
    queryKey: giftKeys.byCode(code),
    queryFn: async () =>
      PublicGift.parse(await request(`/api/v1/gifts/${encodeURIComponent(code)}`)),
    retry: false,
  });
}

export function useRedeemGift(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      RedeemGiftResponse.parse(
        await request(`/api/v1/gifts/${encodeURIComponent(code)}/redeem`, { method: 'POST' }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(giftKeys.byCode(code), answer.gift),
  });
}

/** The signed-in giver's gifts, newest first. */
export function useSentGifts() {
  return useQuery({
    queryKey: giftKeys.sent,
    queryFn: async () => SentGiftsResponse.parse(await request('/api/v1/gifts')),
  });
}

/** Resend or refund one of the giver's gifts; the list refetches afterwards. */
export function useGiftAction(action: 'resend' | 'refund') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      GiftActionResponse.parse(
        await request(`/api/v1/gifts/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: giftKeys.sent }),
  });
}
