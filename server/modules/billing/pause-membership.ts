import { eq } from 'drizzle-orm';
import type { PausePeriods, Subscription } from '../../../common/schemas/billing';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { callProvider, type BillingDeps } from './deps';
import { recordMembershipResumed } from './fulfilment';
import { addPeriod } from './periods';
import { renewDue } from './renewals';
import { inTrial } from './presenter';
import { presentSubscriptionRow } from './subscription-view';
import { subscriptions, type SubscriptionRow } from './tables';

/*
 * Pausing a membership (issue 43): instead of cancelling, the fan pauses for 1, 2 or 3 periods
 * of its plan (months, or years for a yearly plan).
 * The paid period runs out as usual (access until currentPeriodEnd); from then until
 * `pausedUntil` nothing is charged and there is no member access (the entitlement is simply not
 * extended); then the renewal job charges again and access returns. Resuming early before the
 * pause begins only drops it; during it, the renewal happens now.
 *
 * A membership billed by Stripe keeps the same state here, and Stripe is told in the same use
 * case, inside the transaction and before it commits: `pause_collection` (its invoices until
 * `pausedUntil` are voided, so no invoice.paid extends access), cleared again on an early resume.
 * When Stripe refuses or cannot be reached the transaction rolls back and nothing changes here.
 * The idempotency key names the subscription, the pause and the row's last change, so a retry
 * after a lost answer repeats the same Stripe request, and a later pause is a new one.
 */

/** The fan's own subscription, locked for the transaction; someone else's is not found. */
async function lockOwn(tx: Db, viewer: Viewer, subscriptionId: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!row || row.userId !== viewer.id) throw fail('subscription_not_found');
  authorize(viewer, 'membership.pause', { ownerId: row.userId });
  return row;
}

/** A Stripe membership is paused and resumed at Stripe; on a server without Stripe it cannot be. */
function refuseUnreachable(deps: BillingDeps, row: SubscriptionRow): void {
  if (row.provider === 'stripe' && deps.provider.name !== 'stripe') {
    throw fail('membership_pause_unsupported');
  }
}

const stripeKey = (what: string, row: SubscriptionRow, until: Date) =>
  `aura:${what}:${row.providerSubscriptionId}:${until.toISOString()}:${row.updatedAt.getTime()}`;

function addPeriods(date: Date, periods: number, interval: SubscriptionRow['interval']): Date {
  let result = date;
  for (let i = 0; i < periods; i += 1) result = addPeriod(result, interval);
  return result;
}

async function present(
  deps: BillingDeps,
  viewer: Viewer,
  id: string,
  now: Date,
): Promise<Subscription> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw fail('subscription_not_found');
  return presentSubscriptionRow(deps, viewer, row, now);
}

/**
 * POST /api/v1/billing/subscriptions/{id}/pause: pause from the end of the paid period for
 * `periods` periods of the plan. Repeating the same request changes nothing; another pause of a paused
 * membership is refused.
 */
export async function pauseSubscription(
  deps: BillingDeps,
  viewer: Viewer,
  subscriptionId: string,
  periods: PausePeriods,
  meta: EventMeta,
): Promise<Subscription> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer, subscriptionId);
    if (row.status === 'canceled') throw fail('membership_ended');
    refuseUnreachable(deps, row);
    if (row.provider === 'comp' || row.status !== 'active' || inTrial(row, meta.at)) {
      throw fail('membership_not_pausable');
    }
    if (row.cancelAtPeriodEnd) throw fail('membership_cancel_pending');
    const until = addPeriods(row.currentPeriodEnd, periods, row.interval);
    if (row.pausedUntil !== null) {
      if (row.pausedUntil.getTime() === until.getTime()) return;
      throw fail('membership_already_paused');
    }
    await tx
      .update(subscriptions)
      .set({ pausedUntil: until, updatedAt: meta.at })
      .where(eq(subscriptions.id, row.id));
    await recordEvent(
      tx,
      viewer,
      {
        type: 'membership.paused',
        subjectId: row.id,
        data: {
          fanId: row.userId,
          creatorId: row.creatorId,
          periods,
          pausesAt: row.currentPeriodEnd.toISOString(),
          pausedUntil: until.toISOString(),
        },
      },
      meta,
      { audience: [row.userId, row.creatorId] },
    );
    if (row.provider === 'stripe') {
      await callProvider(() =>
        deps.provider.pauseSubscriptionCollection({
          subscriptionId: row.providerSubscriptionId,
          resumesAt: until,
          idempotencyKey: stripeKey('pause', row, until),
        }),
      );
    }
  });
  return present(deps, viewer, subscriptionId, meta.at);
}

/**
 * POST /api/v1/billing/subscriptions/{id}/resume: before the pause begins it is dropped (the
 * membership renews as usual); during it the membership renews now, charged once, and access
 * returns. Resuming a membership that is not paused changes nothing. A Stripe membership's
 * pause is cleared at Stripe; during it Stripe starts a new period now and charges it, and its
 * invoice.paid webhook returns access (no charge is booked here).
 */
export async function resumeSubscription(
  deps: BillingDeps,
  viewer: Viewer,
  subscriptionId: string,
  meta: EventMeta,
): Promise<Subscription> {
  const now = meta.at;
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer, subscriptionId);
    if (row.pausedUntil === null) return;
    if (row.status === 'canceled') throw fail('membership_ended');
    refuseUnreachable(deps, row);
    const begun = row.currentPeriodEnd <= now;
    const early = now < row.pausedUntil;
    if (row.provider === 'stripe') {
      // Stripe ends the pause on its own at pausedUntil: after that there is nothing to clear.
      if (early) {
        const pausedUntil = row.pausedUntil;
        await callProvider(() =>
          deps.provider.resumeSubscriptionCollection({
            subscriptionId: row.providerSubscriptionId,
            renewNow: begun,
            idempotencyKey: stripeKey('resume', row, pausedUntil),
          }),
        );
      }
    }
    await recordMembershipResumed(tx, viewer, row, early, meta);
    if (!begun || row.provider === 'stripe') {
      await tx
        .update(subscriptions)
        .set({ pausedUntil: null, updatedAt: now })
        .where(eq(subscriptions.id, row.id));
      return;
    }
    // The pause ends now (or ended already): renew from there, in this transaction.
    const pausedUntil = early ? now : row.pausedUntil;
    await renewDue(tx, { ...row, pausedUntil }, deps.config, now, meta, undefined, {
      resumeEvent: false,
    });
  });
  return present(deps, viewer, subscriptionId, meta.at);
}
