import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { RefundCause } from '../../../common/schemas/transactions';
import type { Db } from '../../db/client';
import { earningsMonths, earningsShard, ledgerEntries, subscriptions } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { uncountSaleSql } from '../items/index';
import { entitlements } from './entitlement-tables';
import { recordSubscriptionChange, setSubscriptionAccess } from './fulfilment';
import { endGiftOfPayment } from './gift-booking';
import { creditWallet } from './ledger';
import { startOfUtcMonth } from './periods';
import { paymentRefunds, type PaymentRefundRow } from './refund-tables';
import { paymentById, type PaymentRow } from './transactions.read-model';

/*
 * Giving money back from one payment (issue 43), in the caller's transaction. The payment's
 * earnings entry is locked first, so every refund of one payment (the admin's call, Stripe's
 * `charge.refunded`, a lost dispute, on any instance) runs after the one before it and sees what
 * it booked; the refund's `providerRef` is unique, so the same refund arriving twice books once.
 */

export interface RefundAsk {
  amountCents: number;
  cause: RefundCause;
  providerRef: string;
  requestKey: string | null;
  actorId: string | null;
  /** Book less when less is left (a provider already gave the money back: record what it did). */
  capToRemaining: boolean;
}

export type BookedRefund =
  | { outcome: 'booked'; refund: PaymentRefundRow; payment: PaymentRow }
  /** This providerRef or requestKey was booked before: nothing moved now. */
  | { outcome: 'already'; refund: PaymentRefundRow; payment: PaymentRow }
  | { outcome: 'exceeds'; remainingCents: number }
  | { outcome: 'none' };

/** The creator's share of `refundedCents` of a payment: proportional, exact at a full refund. */
export const netShare = (netCents: number, grossCents: number, refundedCents: number): number =>
  grossCents <= 0 ? 0 : Math.round((netCents * Math.min(refundedCents, grossCents)) / grossCents);

/** The refund booked under this providerRef (first) or this call's requestKey, in one read. */
async function earlierRefund(tx: Db, ask: RefundAsk): Promise<PaymentRefundRow | null> {
  const rows = await tx
    .select()
    .from(paymentRefunds)
    .where(
      ask.requestKey
        ? or(
            eq(paymentRefunds.providerRef, ask.providerRef),
            eq(paymentRefunds.requestKey, ask.requestKey),
          )
        : eq(paymentRefunds.providerRef, ask.providerRef),
    );
  return rows.find((r) => r.providerRef === ask.providerRef) ?? rows[0] ?? null;
}

/** Locks the payment's earnings entry as it reads it: refunds of one payment run one after another. */
const lockPayment = (tx: Db, transactionId: number): Promise<PaymentRow | null> =>
  paymentById(tx, transactionId, { lock: true });

/**
 * Books a refund of a payment exactly once: the refund row, the creator's earnings taken back
 * in proportion (and their month's total), the balance credited for a balance payment, and on
 * a full refund the entitlement ended (the item locks, the membership ends now), with its
 * `payment.refunded` event (audit, realtime, the buyer's receipt and the creator's notice).
 */
export async function bookRefund(
  tx: Db,
  transactionId: number,
  ask: RefundAsk,
  meta: EventMeta,
): Promise<BookedRefund> {
  const payment = await lockPayment(tx, transactionId);
  if (!payment) return { outcome: 'none' };
  const earlier = await earlierRefund(tx, ask);
  if (earlier) {
    // A provider's refund booked by its webhook first: the call that asked for it names it.
    if (ask.requestKey && earlier.requestKey === null) {
      await tx
        .update(paymentRefunds)
        .set({ requestKey: ask.requestKey })
        .where(and(eq(paymentRefunds.id, earlier.id), isNull(paymentRefunds.requestKey)));
    }
    return { outcome: 'already', refund: earlier, payment };
  }
  const remaining = payment.grossCents - payment.refundedCents;
  const amount = ask.capToRemaining ? Math.min(ask.amountCents, remaining) : ask.amountCents;
  if (amount <= 0 || amount > remaining) return { outcome: 'exceeds', remainingCents: remaining };

  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      transactionId,
      amountCents: amount,
      currency: payment.currency,
      cause: ask.cause,
      providerRef: ask.providerRef,
      requestKey: ask.requestKey,
      actorId: ask.actorId,
      createdAt: meta.at,
    })
    .returning();
  if (!refund) throw new Error('refund row not written');

  const refundedAfter = payment.refundedCents + amount;
  const netCents =
    netShare(payment.netCents, payment.grossCents, refundedAfter) -
    netShare(payment.netCents, payment.grossCents, payment.refundedCents);
  await takeBackEarnings(tx, payment, refund, netCents, meta.at);
  const toBalance = payment.provider === 'balance' && ask.cause === 'refund';
  if (toBalance && payment.buyerId) {
    await creditWallet(tx, {
      userId: payment.buyerId,
      amountCents: amount,
      kind: 'refund',
      ref: `refund:${refund.id}:wallet`,
      itemId: payment.itemId,
      at: meta.at,
    });
  }
  const full = refundedAfter >= payment.grossCents;
  if (full) {
    await endEntitlement(tx, payment, meta);
    // A gift's payment (issue 43): its code redeems nothing any more.
    await endGiftOfPayment(tx, payment.ref, meta);
  }
  await updateTotals(tx, payment, { netCents, full, at: meta.at });
  await recordEvent(
    tx,
    ask.actorId ? { id: ask.actorId } : null,
    {
      type: 'payment.refunded',
      subjectId: String(transactionId),
      data: {
        transactionId,
        refundId: refund.id,
        cause: ask.cause,
        buyerId: payment.buyerId,
        creatorId: payment.creatorId,
        itemId: payment.itemId,
        tier: payment.kind === 'membership' ? payment.tier : null,
        amountCents: amount,
        currency: payment.currency,
        netCents,
        feeCents: amount - netCents,
        to: toBalance ? 'balance' : 'card',
        full,
      },
    },
    meta,
    { audience: payment.buyerId ? [payment.buyerId, payment.creatorId] : [payment.creatorId] },
  );
  return {
    outcome: 'booked',
    refund,
    payment: { ...payment, refundedCents: refundedAfter },
  };
}

/**
 * The creator's earnings entry of the refund (negative; it may take their payable balance below
 * zero, which the next earnings pay back before any payout).
 */
async function takeBackEarnings(
  tx: Db,
  payment: PaymentRow,
  refund: PaymentRefundRow,
  netCents: number,
  at: Date,
): Promise<void> {
  await tx.insert(ledgerEntries).values({
    account: 'earnings',
    userId: payment.creatorId,
    kind: 'refund',
    amountCents: -netCents,
    grossCents: -refund.amountCents,
    currency: payment.currency,
    ref: `refund:${refund.id}`,
    itemId: payment.itemId,
    subscriptionId: payment.subscriptionId,
    buyerId: payment.buyerId,
    createdAt: at,
  });
}

/**
 * The running totals a refund moves, which every sale and refund of the same creator (their
 * month's total) or item (its sales count) writes too: written at the end, just before the
 * event, so those rows stay locked only briefly (ten admins refunding at once queued on them),
 * and in a sale's order (the payment's rows, the month's total, the item's counter, the event's
 * sequence numbers: sale-statements.ts).
 */
async function updateTotals(
  tx: Db,
  payment: PaymentRow,
  refund: { netCents: number; full: boolean; at: Date },
): Promise<void> {
  const { netCents, at } = refund;
  if (netCents !== 0) {
    await tx
      .insert(earningsMonths)
      .values({
        userId: payment.creatorId,
        currency: payment.currency,
        month: startOfUtcMonth(at),
        shard: earningsShard,
        netCents: -netCents,
      })
      .onConflictDoUpdate({
        target: [
          earningsMonths.userId,
          earningsMonths.currency,
          earningsMonths.month,
          earningsMonths.shard,
        ],
        set: { netCents: sql`${earningsMonths.netCents} - ${netCents}` },
      });
  }
  // A fully refunded sale's item counts it no more (admin content, the hub's top items).
  if (refund.full && payment.kind === 'sale' && payment.itemId !== null) {
    await tx.execute(uncountSaleSql(tx, payment.itemId));
  }
}

/**
 * A fully refunded payment buys nothing any more: the item locks, the membership ends now (a
 * tip leaves the public lists by its refund, tips.ts).
 */
async function endEntitlement(tx: Db, payment: PaymentRow, meta: EventMeta): Promise<void> {
  const at = meta.at;
  if (payment.kind === 'tip') return;
  if (payment.kind === 'sale') {
    // The sale's entitlement carries the payment's ref without its `sale:` prefix (sales.ts).
    await tx
      .delete(entitlements)
      .where(eq(entitlements.sourceRef, payment.ref.replace(/^sale:/, '')));
    return;
  }
  if (!payment.subscriptionId) return;
  const [before] = await tx
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, payment.subscriptionId))
    .for('update');
  const [ended] = await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, canceledAt: at, updatedAt: at })
    .where(eq(subscriptions.id, payment.subscriptionId))
    .returning();
  if (!ended) return;
  await setSubscriptionAccess(tx, ended, at, at);
  await recordSubscriptionChange(tx, meta, before?.status ?? null, ended);
}
