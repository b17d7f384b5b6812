import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { chargeSavedCard } from '../../adapters/payments/local';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { recordEvent, systemMeta, type EventMeta } from '../../events/record';
import {
  recordMembershipResumed,
  recordSubscriptionChange,
  setSubscriptionAccess,
} from './fulfilment';
import { subscriptions, type SubscriptionRow } from './tables';
import { creditEarnings } from './ledger';
import { addPeriod } from './periods';
import { periodPriceCents } from './plans';

export interface RenewalReport {
  renewed: number;
  pastDue: number;
  ended: number;
}

/** A subscription this many periods behind is charged for each (the server was down that long). */
const MAX_PERIODS_PER_RUN = 24;

/**
 * Renews the local provider's memberships whose period has ended (issue 5): a cancelled one
 * ends, otherwise the saved test card is charged once per period (the ref keys each charge to
 * its period, so two instances running this at once charge once); a declined card makes it
 * past_due and access ends at the period end. Stripe renews its own subscriptions (webhooks).
 * Complimentary memberships (issue 42) end here at their period end, whatever the provider
 * of the server, and are never charged. `chargeLocal` is false on a server whose payments are
 * not the local provider's: its leftover local memberships are not charged a test card.
 * A downgrade waiting for the period end (issue 43, `pendingTier`) applies at the renewal, which
 * charges the lower tier's price.
 * A yearly plan (issue 43) renews a year later at the price it was bought at.
 * A paused membership (issue 43) is skipped until its pause runs out, then charged once for the
 * period that starts there (the period's ref again makes that once across instances).
 */
export async function runRenewals(
  db: Database,
  config: Pick<Config, 'PLATFORM_FEE_PERCENT'>,
  now: Date,
  chargeLocal = true,
): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, pastDue: 0, ended: 0 };
  const meta = systemMeta(now);
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.provider, chargeLocal ? ['local', 'comp'] : ['comp']),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.currentPeriodEnd, now),
        // A paused membership is due only once its pause has run out.
        or(isNull(subscriptions.pausedUntil), lte(subscriptions.pausedUntil, now)),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);

  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update', { skipLocked: true });
      if (!sub) return;
      await renewDue(tx, sub, config, now, meta, report);
    });
  }
  return report;
}

/**
 * Renews one locked subscription whose period has ended, inside the caller's transaction. A
 * pause (issue 43) that has not run out yet leaves it as it is; one that has is cleared and the
 * membership renews from the pause's end, charged as any renewal (`membership.resumed` recorded
 * unless the caller, resuming it early, records its own).
 */
export async function renewDue(
  tx: Db,
  due: SubscriptionRow,
  config: Pick<Config, 'PLATFORM_FEE_PERCENT'>,
  now: Date,
  meta: EventMeta,
  report: RenewalReport = { renewed: 0, pastDue: 0, ended: 0 },
  options: { resumeEvent: boolean } = { resumeEvent: true },
): Promise<RenewalReport> {
  // A downgrade the fan chose (issue 43) applies from this period end, charged its price for
  // the membership's period (a yearly plan's at the creator's yearly price).
  const sub: SubscriptionRow =
    due.pendingTier === null
      ? due
      : {
          ...due,
          tier: due.pendingTier,
          priceCents: await periodPriceCents(tx, due.creatorId, due.pendingTier, due.interval),
          pendingTier: null,
        };
  if (sub.status !== 'active' || sub.currentPeriodEnd > now) return report;
  if (sub.cancelAtPeriodEnd || sub.provider === 'comp') {
    const [ended] = await tx
      .update(subscriptions)
      .set({ status: 'canceled', pausedUntil: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    if (ended) await recordSubscriptionChange(tx, meta, sub.status, ended);
    report.ended += 1;
    return report;
  }
  const tierNow = { tier: sub.tier, priceCents: sub.priceCents, pendingTier: null };
  let start = sub.currentPeriodStart;
  let end = sub.currentPeriodEnd;
  if (sub.pausedUntil !== null) {
    // Paused: nothing is charged and access stays ended until the pause runs out.
    if (sub.pausedUntil > now) return report;
    if (sub.pausedUntil > end) {
      start = sub.currentPeriodEnd;
      end = sub.pausedUntil;
    }
    if (options.resumeEvent) await recordMembershipResumed(tx, null, sub, false, meta);
  }
  for (let i = 0; i < MAX_PERIODS_PER_RUN && end <= now; i += 1) {
    if (!chargeSavedCard(sub.localCard).ok) {
      // Access stays what was paid: the entitlement keeps the old period end.
      const [pastDue] = await tx
        .update(subscriptions)
        .set({
          status: 'past_due',
          ...tierNow,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          pausedUntil: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, sub.id))
        .returning();
      if (pastDue) await recordSubscriptionChange(tx, meta, sub.status, pastDue);
      report.pastDue += 1;
      return report;
    }
    await creditEarnings(tx, {
      creatorId: sub.creatorId,
      grossCents: sub.priceCents,
      currency: sub.currency,
      feePercent: config.PLATFORM_FEE_PERCENT,
      kind: 'membership',
      buyerId: sub.userId,
      ref: `membership:renewal:${sub.id}:${end.toISOString()}`,
      subscriptionId: sub.id,
      at: now,
    });
    await recordEvent(
      tx,
      null,
      {
        type: 'membership.renewed',
        subjectId: sub.id,
        data: {
          fanId: sub.userId,
          creatorId: sub.creatorId,
          periodEnd: addPeriod(end, sub.interval).toISOString(),
          amountCents: sub.priceCents,
          currency: sub.currency,
          interval: sub.interval,
        },
      },
      meta,
      { audience: [sub.userId, sub.creatorId] },
    );
    start = end;
    end = addPeriod(end, sub.interval);
  }
  const [updated] = await tx
    .update(subscriptions)
    .set({
      ...tierNow,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      pausedUntil: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  if (updated) await setSubscriptionAccess(tx, updated, end, now);
  report.renewed += 1;
  return report;
}
