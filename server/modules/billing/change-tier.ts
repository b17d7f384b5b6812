import { and, eq, gte, sql } from 'drizzle-orm';
import { tierChangeCents, tierChangeDirection } from '../../../common/rules/tier-change';
import {
  isTier,
  TIER_CURRENCY,
  TIER_PRICE_CENTS,
  type PaidTier,
} from '../../../common/rules/tiers';
import type { Subscription } from '../../../common/schemas/billing';
import { chargeSavedCard } from '../../adapters/payments/local';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import type { BillingDeps } from './deps';
import { membershipRef, setSubscriptionAccess } from './fulfilment';
import { creditEarnings } from './ledger';
import { periodPriceCents, yearlyPricesOf } from './plans';
import { inTrial, upgradePrices } from './presenter';
import { stripeTierBilling } from './stripe-tier-change';
import { presentSubscriptionRow } from './subscription-view';
import { subscriptions, type SubscriptionRow } from './tables';

/*
 * Changing a membership's tier (issue 43) without cancelling it. An upgrade applies at once:
 * the saved card is charged the prorated difference of the two monthly prices (a yearly plan's
 * yearly prices) for the rest of the paid period (common/rules/tier-change.ts), the creator earns it as a renewal (minus the
 * fee), the period end stays and later renewals charge the higher price. A downgrade is kept as
 * `pendingTier` and applied by the renewal at the period end, which charges the lower price;
 * choosing the current tier again drops it. A membership billed by Stripe changes the same way,
 * and Stripe bills what Aura quoted (stripe-tier-change.ts); on a server that no longer takes
 * Stripe payments it cannot change.
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

/** Whether the membership moved up to its tier in this period: a retry of that upgrade. */
async function upgradedThisPeriod(tx: Db, row: SubscriptionRow): Promise<boolean> {
  const [found] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'membership.tier_changed'),
        eq(auditEvents.subjectId, row.id),
        gte(auditEvents.createdAt, row.currentPeriodStart),
        sql`${auditEvents.data}->>'direction' = 'upgrade'`,
        sql`${auditEvents.data}->>'toTier' = ${row.tier}`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

type TierChange = 'upgrade' | 'downgrade' | 'kept';

/** `membership.tier_changed`, for the audit log and the member's and creator's feeds. */
function recordTierChange(
  tx: Db,
  actor: Viewer | null,
  row: SubscriptionRow,
  change: { tier: PaidTier; direction: TierChange; amountCents: number },
  meta: EventMeta,
) {
  const { direction } = change;
  return recordEvent(
    tx,
    actor,
    {
      type: 'membership.tier_changed',
      subjectId: row.id,
      data: {
        fanId: row.userId,
        creatorId: row.creatorId,
        fromTier: row.tier,
        toTier: change.tier,
        direction,
        effectiveAt: (direction === 'downgrade' ? row.currentPeriodEnd : meta.at).toISOString(),
        amountCents: change.amountCents,
        currency: row.currency,
      },
    },
    meta,
    { audience: [row.userId, row.creatorId] },
  );
}

/** `membership.upgrade_declined`: the attempt and its amount, for the audit log. */
function recordDeclinedUpgrade(
  tx: Db,
  actor: Viewer,
  row: SubscriptionRow,
  upgrade: { tier: PaidTier; amountCents: number },
  meta: EventMeta,
) {
  return recordEvent(
    tx,
    actor,
    {
      type: 'membership.upgrade_declined',
      subjectId: row.id,
      data: {
        fanId: row.userId,
        creatorId: row.creatorId,
        fromTier: row.tier,
        toTier: upgrade.tier,
        amountCents: upgrade.amountCents,
        currency: row.currency,
      },
    },
    meta,
  );
}

/** The higher tier from now until the same period end, billed at `priceCents` from then on. */
async function applyUpgrade(
  tx: Db,
  actor: Viewer | null,
  row: SubscriptionRow,
  upgrade: { tier: PaidTier; priceCents: number; amountCents: number },
  meta: EventMeta,
): Promise<void> {
  const [updated] = await tx
    .update(subscriptions)
    .set({
      tier: upgrade.tier,
      priceCents: upgrade.priceCents,
      pendingTier: null,
      updatedAt: meta.at,
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  if (updated) await setSubscriptionAccess(tx, updated, updated.currentPeriodEnd, meta.at);
  await recordTierChange(
    tx,
    actor,
    row,
    { tier: upgrade.tier, direction: 'upgrade', amountCents: upgrade.amountCents },
    meta,
  );
}

/**
 * Stripe reports an upgrade's own invoice paid that no tier change booked: the change's
 * transaction did not commit after Stripe charged (a crash, a lost connection). The paid-for
 * tier applies now, as the change would have applied it; Stripe already bills its price.
 */
export async function settlePaidUpgrade(
  tx: Db,
  row: SubscriptionRow,
  paid: { tier: string; amountCents: number; priceCents: number | null },
  meta: EventMeta,
): Promise<void> {
  const { tier } = paid;
  if (!isTier(tier) || tier === 'Aura' || row.status !== 'active') return;
  if (tierChangeDirection(row.tier, tier) !== 'upgrade') return;
  const priceCents =
    paid.priceCents ?? (await periodPriceCents(tx, row.creatorId, tier, row.interval));
  await applyUpgrade(tx, null, row, { tier, priceCents, amountCents: paid.amountCents }, meta);
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
  const outcome = await deps.db.transaction(async (tx): Promise<'changed' | 'declined'> => {
    const row = await lockOwn(tx, viewer, subscriptionId);
    if (row.status === 'canceled') throw fail('membership_ended');
    if (row.provider === 'stripe' && deps.provider.name !== 'stripe') {
      throw fail('membership_change_unsupported');
    }
    const stripe = row.provider === 'stripe' ? stripeTierBilling(deps, row) : null;
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

    const event = (direction: TierChange, amountCents: number) =>
      recordTierChange(tx, viewer, row, { tier, direction, amountCents }, meta);

    const direction = tierChangeDirection(row.tier, tier);
    if (direction === null) {
      if (row.pendingTier !== null) {
        // Keeping the current tier drops the downgrade that was waiting for the period end.
        await stripe?.setPrice(row.tier, row.priceCents, 'change');
        await tx
          .update(subscriptions)
          .set({ pendingTier: null, updatedAt: now })
          .where(eq(subscriptions.id, row.id));
        await event('kept', 0);
        return 'changed';
      }
      // The upgrade's retry (a double click): charged once already.
      if (await upgradedThisPeriod(tx, row)) return 'changed';
      throw fail('membership_same_tier', { tier });
    }

    if (direction === 'downgrade') {
      if (row.pendingTier === tier) return 'changed';
      await stripe?.setPrice(
        tier,
        await periodPriceCents(tx, row.creatorId, tier, row.interval),
        'change',
      );
      await tx
        .update(subscriptions)
        .set({ pendingTier: tier, updatedAt: now })
        .where(eq(subscriptions.id, row.id));
      await event('downgrade', 0);
      return 'changed';
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
    const toCents = prices?.toCents ?? TIER_PRICE_CENTS[tier];
    // The charge's earnings ref: Stripe's invoice (as its webhook and refunds name it), else ours.
    let ref = upgradeRef(row, tier);
    if (stripe) {
      await stripe.setPrice(tier, toCents, 'change');
      const invoiceId = cents > 0 ? await stripe.charge(tier, cents) : undefined;
      if (invoiceId === null) {
        // Declined: Stripe bills the old price again, and the next attempt is a new one there.
        await stripe.setPrice(row.tier, row.priceCents, 'revert');
        await tx.update(subscriptions).set({ updatedAt: now }).where(eq(subscriptions.id, row.id));
        await recordDeclinedUpgrade(tx, viewer, row, { tier, amountCents: cents }, meta);
        return 'declined';
      }
      if (invoiceId) ref = membershipRef(row.providerSubscriptionId, invoiceId);
    } else if (cents > 0 && !chargeSavedCard(row.localCard).ok) {
      await recordDeclinedUpgrade(tx, viewer, row, { tier, amountCents: cents }, meta);
      return 'declined';
    }
    if (cents > 0) {
      await creditEarnings(tx, {
        creatorId: row.creatorId,
        grossCents: cents,
        currency: row.currency,
        feePercent: deps.config.PLATFORM_FEE_PERCENT,
        kind: 'membership',
        buyerId: row.userId,
        ref,
        subscriptionId: row.id,
        at: now,
      });
    }
    await applyUpgrade(tx, viewer, row, { tier, priceCents: toCents, amountCents: cents }, meta);
    return 'changed';
  });
  if (outcome === 'declined') throw fail('card_declined');
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) throw fail('subscription_not_found');
  return presentSubscriptionRow(deps, viewer, row, now);
}
