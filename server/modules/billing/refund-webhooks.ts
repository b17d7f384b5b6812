import { eq } from 'drizzle-orm';
import type { ProviderDispute, ProviderRefund } from '../../adapters/payments/provider';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { bookRefund } from './refund-booking';
import { paymentDisputes } from './refund-tables';
import { paymentByIntent, paymentByRef, type PaymentRow } from './transactions.read-model';

/*
 * Stripe's side of refunds and disputes (issue 43), inside the webhook's transaction. What
 * Stripe says is re-read from its API first (webhook.ts), so the order events arrive in does
 * not matter, and each refund or dispute is booked under its own Stripe id: a replay, or the
 * admin's own call for the same refund, books nothing twice.
 */

/**
 * The payment a charge paid: an item's by its checkout's PaymentIntent, a membership's by the
 * earnings ref of the invoice the provider says the charge paid (`membershipRef`).
 */
async function paymentOfCharge(
  tx: Db,
  paymentIntentId: string,
  membershipRef: string | null,
): Promise<PaymentRow | null> {
  const byIntent = await paymentByIntent(tx, paymentIntentId);
  if (byIntent || !membershipRef) return byIntent;
  return paymentByRef(tx, membershipRef);
}

/** `charge.refunded`: every succeeded refund of the charge not yet booked (a dashboard refund too). */
export async function bookProviderRefunds(
  tx: Db,
  paymentIntentId: string,
  membershipRef: string | null,
  refunds: readonly ProviderRefund[],
  meta: EventMeta,
): Promise<void> {
  const payment = await paymentOfCharge(tx, paymentIntentId, membershipRef);
  if (!payment) return;
  for (const refund of refunds) {
    if (refund.status !== 'succeeded') continue;
    await bookRefund(
      tx,
      payment.id,
      {
        amountCents: refund.amountCents,
        cause: 'refund',
        providerRef: refund.id,
        requestKey: null,
        actorId: null,
        capToRemaining: true,
      },
      meta,
    );
  }
}

/**
 * `charge.dispute.*`: the dispute's state on the payment; a lost one takes the disputed amount
 * back from the creator once, like a refund (the card network already took it from us). A won
 * one changes no money: nothing was taken back while it was open. A lost dispute that leaves
 * nothing of a Stripe membership's payment ends the membership here and, through
 * `endSubscription`, at Stripe, before the transaction commits: when Stripe cannot be reached
 * nothing is booked and Stripe delivers the event again; once booked, the dispute is closed and
 * no later event asks Stripe again.
 */
export async function syncDispute(
  tx: Db,
  dispute: ProviderDispute,
  membershipRef: string | null,
  meta: EventMeta,
  endSubscription: (providerSubscriptionId: string) => Promise<void>,
): Promise<void> {
  if (!dispute.paymentIntentId) return;
  const payment = await paymentOfCharge(tx, dispute.paymentIntentId, membershipRef);
  if (!payment) return;
  const [before] = await tx
    .select({ status: paymentDisputes.status })
    .from(paymentDisputes)
    .where(eq(paymentDisputes.id, dispute.id))
    .for('update');
  // A closed dispute stays closed, whatever an older event brings back.
  if (before && before.status !== 'open') return;
  const closed = dispute.status !== 'open';
  await tx
    .insert(paymentDisputes)
    .values({
      id: dispute.id,
      transactionId: payment.id,
      status: dispute.status,
      amountCents: dispute.amountCents,
      currency: payment.currency,
      createdAt: meta.at,
      closedAt: closed ? meta.at : null,
    })
    .onConflictDoUpdate({
      target: paymentDisputes.id,
      set: { status: dispute.status, closedAt: closed ? meta.at : null },
    });
  if (before?.status === dispute.status) return;
  await recordEvent(
    tx,
    null,
    {
      type: 'payment.disputed',
      subjectId: String(payment.id),
      data: {
        transactionId: payment.id,
        disputeId: dispute.id,
        status: dispute.status,
        creatorId: payment.creatorId,
        amountCents: dispute.amountCents,
        currency: payment.currency,
      },
    },
    meta,
    { audience: [payment.creatorId] },
  );
  if (dispute.status === 'lost') {
    const booked = await bookRefund(
      tx,
      payment.id,
      {
        amountCents: dispute.amountCents,
        cause: 'dispute',
        providerRef: `dispute:${dispute.id}`,
        requestKey: null,
        actorId: null,
        capToRemaining: true,
      },
      meta,
    );
    const ended = booked.outcome === 'booked' ? booked.payment : null;
    if (
      ended?.kind === 'membership' &&
      ended.provider === 'stripe' &&
      ended.providerSubscriptionId &&
      ended.refundedCents >= ended.grossCents
    ) {
      await endSubscription(ended.providerSubscriptionId);
    }
  }
}
