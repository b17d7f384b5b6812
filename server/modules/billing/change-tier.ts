import { eq } from 'drizzle-orm';
import { tierChangeCents, tierChangeDirection } from '../../../common/rules/tier-change';
import { TIER_CURRENCY, TIER_PRICE_CENTS, type PaidTier } from '../../../common/rules/tiers';
import type { Subscription } from '../../../common/schemas/billing';
import { chargeSavedCard } from '../../adapters/payments/local';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import type { BillingDeps } from './deps';
import { setSubscriptionAccess } from './fulfilment';
import { creditEarnings } from './ledger';
import { yearlyPricesOf } from './plans';
import { inTrial, upgradePrices } from './presenter';
import { presentSubscriptionRow } from './subscription-view';
import { ledgerEntries, subscriptions, type SubscriptionRow } from './tables';

/*
 * Changing a membership's tier (issue 43) without cancelling it. An upgrade applies at once:
 * the saved card is charged the prorated difference of the two monthly prices (a yearly plan's
 * yearly prices) for the rest of the paid period (common/rules/tier-change.ts), the creator earns it as a renewal (minus the
 * fee), the period end stays and later renewals charge the higher price. A downgrade is kept as
 * `pendingTier` and applied by the renewal at the period end, which charges the lower price;
 * choosing the current tier again drops it. Memberships billed by Stripe are refused (the
 * adapter does not update subscription items).
 */

/** The ledger ref of an upgrade: one charge per membership, period and tier, across instances. */
const upgradeRef = (row: SubscriptionRow, tier: PaidTier) =>
  `membership:upgrade:${row.id}:${row.currentPeriodEnd.toISOString()}:${tier}`;

async function lockOwn(tx: Db, viewer: Viewer, subscriptionId: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!row || row.userId !== viewer.id) throw fail('subscription_not_found');
  authorize(viewer, 'membership.change', { ownerId: row.userId });
  return row;
}

async function upgradeBooked(tx: Db, row: SubscriptionRow): Promise<boolean> {
  const [entry] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.ref, upgradeRef(row, row.tier)));
  return entry !== undefined;
}

/**
 * POST /api/v1/billing/subscriptions/{id}/change { tier }: upgrade now (charged the prorated
 * difference) or downgrade at the period end. The same upgrade again (a retry) is answered 200
 * and charges nothing more; the same downgrade again changes nothing.
 */
export async function changeSubscriptionTier(
  deps: BillingDeps,
  viewer: Viewer,
  subscriptionId: string,
  tier: PaidTier,
  meta: EventMeta,
): Promise<Subscription> {
  const now = meta.at;
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer, subscriptionId);
    if (row.status === 'canceled') throw fail('membership_ended');
    if (row.provider === 'stripe') throw fail('membership_change_unsupported');
    // A free trial (issue 43) has no paid period to prorate: it changes tier once it is paid.
    if (
      row.provider === 'comp' ||
      row.status !== 'active' ||
      row.currentPeriodEnd <= now ||
      inTrial(row, now)
    ) {
      throw fail('membership_not_changeable');
    }
    if (row.cancelAtPeriodEnd) throw fail('membership_cancel_pending');
    if (row.pausedUntil !== null) throw fail('membership_change_paused');

    const event = (direction: 'upgrade' | 'downgrade' | 'kept', amountCents: number) =>
      recordEvent(
        tx,
        viewer,
        {
          type: 'membership.tier_changed',
          subjectId: row.id,
          data: {
            fanId: row.userId,
            creatorId: row.creatorId,
            fromTier: row.tier,
            toTier: tier,
            direction,
            effectiveAt: (direction === 'downgrade' ? row.currentPeriodEnd : now).toISOString(),
            amountCents,
            currency: row.currency,
          },
        },
        meta,
        { audience: [row.userId, row.creatorId] },
      );

    const direction = tierChangeDirection(row.tier, tier);
    if (direction === null) {
      if (row.pendingTier !== null) {
        // Keeping the current tier drops the downgrade that was waiting for the period end.
        await tx
          .update(subscriptions)
          .set({ pendingTier: null, updatedAt: now })
          .where(eq(subscriptions.id, row.id));
        await event('kept', 0);
        return;
      }
      if (await upgradeBooked(tx, row)) return; // the upgrade's retry: charged once already
      throw fail('membership_same_tier', { tier });
    }

    if (direction === 'downgrade') {
      if (row.pendingTier === tier) return;
      await tx
        .update(subscriptions)
        .set({ pendingTier: tier, updatedAt: now })
        .where(eq(subscriptions.id, row.id));
      await event('downgrade', 0);
      return;
    }

    // Upgrade: the server's prices, the rest of the period, one charge per period and tier.
    if (row.currency !== TIER_CURRENCY) throw fail('membership_not_changeable');
    // A yearly plan (issue 43) prorates the yearly prices over its year.
    const yearly =
      row.interval === 'year'
        ? (await yearlyPricesOf(tx, [row.creatorId])).get(row.creatorId)
        : undefined;
    const prices = upgradePrices(row, tier, yearly);
    const cents = tierChangeCents(
      row.tier,
      tier,
      { start: row.currentPeriodStart, end: row.currentPeriodEnd },
      now,
      prices,
    );
    if (cents > 0) {
      if (!chargeSavedCard(row.localCard).ok) throw fail('card_declined');
      await creditEarnings(tx, {
        creatorId: row.creatorId,
        grossCents: cents,
        currency: row.currency,
        feePercent: deps.config.PLATFORM_FEE_PERCENT,
        kind: 'membership',
        buyerId: row.userId,
        ref: upgradeRef(row, tier),
        subscriptionId: row.id,
        at: now,
      });
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({
        tier,
        priceCents: prices?.toCents ?? TIER_PRICE_CENTS[tier],
        pendingTier: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    // Access to the higher tier now, until the same period end.
    if (updated) await setSubscriptionAccess(tx, updated, updated.currentPeriodEnd, now);
    await event('upgrade', cents);
  });
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) throw fail('subscription_not_found');
  return presentSubscriptionRow(deps, viewer, row, now);
}
