import { eq } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import {
  CREATOR_REFUND_DAYS,
  type RefundRequest,
  type RefundResponse,
  type TransactionsPage,
  type TransactionsQuery,
} from '../../../common/schemas/transactions';
import { authorize } from '../../auth/authorize';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { callProvider, type BillingDeps } from './deps';
import { invoiceOfMembershipRef } from './fulfilment';
import { bookRefund, type RefundAsk } from './refund-booking';
import { paymentRefunds } from './refund-tables';
import {
  paymentById,
  presentTransaction,
  transactionsPage,
  type PaymentRow,
} from './transactions.read-model';

/*
 * The transactions list and the refund calls (issue 43). A refund asks the provider first (a
 * card paid through Stripe is refunded at Stripe, under an idempotency key made from ours, so a
 * double click makes one Stripe refund), then books it in one transaction (refund-booking.ts).
 */

const DAY_MS = 86_400_000;

/** GET /api/v1/admin/transactions: every payment, filtered. */
export async function adminTransactions(
  deps: Pick<BillingDeps, 'db'>,
  actor: Actor | null,
  query: TransactionsQuery,
): Promise<TransactionsPage> {
  authorize(actor, 'admin.sales.read');
  return transactionsPage(deps.db, query);
}

/** GET /api/v1/creator/transactions: the caller's own payments. */
export async function creatorTransactions(
  deps: Pick<BillingDeps, 'db'>,
  actor: Actor | null,
  query: Omit<TransactionsQuery, 'creatorId'>,
): Promise<TransactionsPage> {
  authorize(actor, 'sales.read');
  return transactionsPage(deps.db, { ...query, creatorId: actor.id });
}

const parseId = (raw: string): number => {
  if (!/^\d{1,15}$/.test(raw)) throw fail('transaction_not_found');
  return Number(raw);
};

/** Who asks: an admin for any payment, or its creator for their own within the window. */
export type RefundAs = 'admin' | 'creator';

/**
 * POST /api/v1/admin/sales/{id}/refund and POST /api/v1/creator/sales/{id}/refund: gives back
 * `amountCents` (all that is left when omitted) of one payment, once per Idempotency-Key.
 */
export async function refundTransaction(
  deps: BillingDeps,
  actor: Actor | null,
  as: RefundAs,
  rawId: string,
  body: RefundRequest,
  idempotencyKey: string,
  meta: EventMeta,
): Promise<RefundResponse> {
  authorize(actor, as === 'admin' ? 'admin.sales.refund' : 'sales.refund');
  const id = parseId(rawId);
  const payment = await paymentById(deps.db, id);
  if (!payment) throw fail('transaction_not_found');
  if (as === 'creator') {
    // Another creator's payment is as unknown to them as one that does not exist.
    if (payment.creatorId !== actor.id) throw fail('transaction_not_found');
    if (meta.at.getTime() - payment.createdAt.getTime() > CREATOR_REFUND_DAYS * DAY_MS) {
      throw fail('refund_window_closed', { days: CREATOR_REFUND_DAYS });
    }
  }
  const requestKey = `${id}:${idempotencyKey}`;
  const remaining = payment.grossCents - payment.refundedCents;
  const amount = body.amountCents ?? remaining;
  const ask = async (): Promise<RefundAsk> => {
    const base = { amountCents: amount, cause: 'refund' as const, requestKey, actorId: actor.id };
    if (payment.provider === 'balance') {
      return { ...base, providerRef: `balance:${requestKey}`, capToRemaining: false };
    }
    if (payment.provider === 'local') {
      return { ...base, providerRef: `local:${requestKey}`, capToRemaining: false };
    }
    return { ...base, ...(await refundAtStripe(deps, payment, amount, requestKey)) };
  };

  const replay = await replayOf(deps, id, requestKey);
  if (replay) return replay;
  if (remaining <= 0) throw fail('payment_already_refunded');
  if (amount > remaining) throw fail('refund_exceeds_payment', { remaining });
  const asked = await ask();
  const booked = await deps.db.transaction((tx) => bookRefund(tx, id, asked, meta));
  switch (booked.outcome) {
    case 'none':
      throw fail('transaction_not_found');
    case 'exceeds':
      // Another refund of this payment committed since the read (another key, another admin).
      if (booked.remainingCents <= 0) throw fail('payment_already_refunded');
      throw fail('refund_exceeds_payment', { remaining: booked.remainingCents });
    default: {
      const replayed = booked.outcome === 'already' && booked.refund.requestKey === requestKey;
      return answer(booked.refund, booked.payment, replayed);
    }
  }
}

/** The answer to a repeated call: the refund its key booked. */
async function replayOf(
  deps: BillingDeps,
  id: number,
  requestKey: string,
): Promise<RefundResponse | null> {
  const [earlier] = await deps.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.requestKey, requestKey));
  if (!earlier) return null;
  const payment = await paymentById(deps.db, id);
  if (!payment) throw fail('transaction_not_found');
  return answer(earlier, payment, true);
}

function answer(
  refund: { id: number; amountCents: number; currency: PaymentRow['currency'] },
  payment: PaymentRow,
  replayed: boolean,
): RefundResponse {
  return {
    refund: { id: refund.id, amountCents: refund.amountCents, currency: refund.currency },
    replayed,
    transaction: presentTransaction(payment),
  };
}

/**
 * The card payment refunded at Stripe: the refund Stripe made is what gets booked. A membership
 * payment is an invoice's PaymentIntent, asked of Stripe; a membership refunded in full is ended
 * at Stripe too (before anything is booked), so it is never charged again.
 */
export async function refundAtStripe(
  deps: BillingDeps,
  payment: PaymentRow,
  amountCents: number,
  requestKey: string,
): Promise<Pick<RefundAsk, 'providerRef' | 'amountCents' | 'capToRemaining'>> {
  if (deps.provider.name !== 'stripe') throw fail('refund_not_supported');
  const provider = deps.provider;
  const subscriptionId = payment.kind === 'membership' ? payment.providerSubscriptionId : null;
  const paymentIntentId =
    payment.paymentIntentId ??
    (subscriptionId
      ? await callProvider(() =>
          provider.membershipPaymentIntent({
            subscriptionId,
            invoiceId: invoiceOfMembershipRef(payment.ref),
          }),
        )
      : null);
  if (!paymentIntentId) throw fail('refund_not_supported');
  const refund = await callProvider(() =>
    provider.refundPayment({
      paymentIntentId,
      amountCents,
      idempotencyKey: `aura-refund:${requestKey}`,
      metadata: { transactionId: String(payment.id) },
    }),
  );
  if (refund.status === 'failed') throw fail('payment_provider_unreachable');
  const full = payment.refundedCents + refund.amountCents >= payment.grossCents;
  if (subscriptionId && full) {
    await callProvider(() => provider.cancelSubscriptionNow(subscriptionId));
  }
  // Stripe gave the money back: book what it did, even if a webhook booked part meanwhile.
  return { providerRef: refund.id, amountCents: refund.amountCents, capToRemaining: true };
}
