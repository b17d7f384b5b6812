import type { PaidTier } from '../../../common/rules/tiers';
import { callProvider, type BillingDeps } from './deps';
import type { SubscriptionRow } from './tables';

/*
 * A tier change of a membership billed by Stripe (issue 43), told to Stripe inside the change's
 * transaction and before it commits, as a pause is: when Stripe refuses or cannot be reached the
 * transaction rolls back and nothing changes here.
 *
 * Stripe bills what Aura quoted, never its own proration: the subscription item's price becomes
 * the new tier's without proration (its next invoice charges it), and an upgrade's prorated
 * difference is an invoice of its own, paid at once on the subscription's payment method. A
 * downgrade changes the price now, which Stripe first charges at the period end, when Aura's
 * pending tier applies (syncSubscription).
 *
 * The idempotency keys name the subscription, the row's last change and the tier, so a retry
 * after a lost answer repeats the same requests (one charge); a declined attempt touches the row,
 * so the next attempt is a new one at Stripe.
 */

export interface StripeTierBilling {
  /** Stripe bills `tier` at `priceCents` per period from the next invoice on. */
  setPrice(tier: PaidTier, priceCents: number, step: 'change' | 'revert'): Promise<void>;
  /** Charges an upgrade's difference now: the paid invoice's id, or null when declined. */
  charge(tier: PaidTier, amountCents: number): Promise<string | null>;
}

export function stripeTierBilling(deps: BillingDeps, row: SubscriptionRow): StripeTierBilling {
  const provider = deps.provider;
  const subscriptionId = row.providerSubscriptionId;
  const key = (tier: PaidTier, step: string) =>
    `aura:tier:${subscriptionId}:${row.updatedAt.getTime()}:${tier}:${step}`;
  return {
    setPrice: (tier, priceCents, step) =>
      callProvider(() =>
        provider.setSubscriptionPrice({
          subscriptionId,
          priceCents,
          currency: row.currency,
          interval: row.interval,
          metadata: { tier, periodPriceCents: String(priceCents) },
          idempotencyKey: key(tier, `price-${step}`),
        }),
      ),
    async charge(tier, amountCents) {
      const result = await callProvider(() =>
        provider.chargeSubscription({
          subscriptionId,
          amountCents,
          currency: row.currency,
          description: `Upgrade to ${tier} for the rest of the period`,
          metadata: { auraKind: 'upgrade', membershipId: row.id, tier },
          idempotencyKey: key(tier, 'charge'),
        }),
      );
      return result.paid ? result.invoiceId : null;
    },
  };
}
