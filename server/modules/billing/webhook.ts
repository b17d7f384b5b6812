import type {
  ProviderDispute,
  ProviderRefund,
  ProviderSubscription,
} from '../../adapters/payments/provider';
import { WebhookSignatureError } from '../../adapters/payments/provider';
import { billingEvents } from '../../db/schema/index';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { callProvider, fulfilContext, type BillingDeps } from './deps';
import { fulfilCheckout, membershipRef, recordInvoicePaid, syncSubscription } from './fulfilment';
import { settlePaidUpgrade } from './change-tier';
import { bookProviderRefunds, syncDispute } from './refund-webhooks';
import { paymentByIntent } from './transactions.read-model';

/**
 * POST /v1/billing/webhook: verified over the raw body; the event id is stored in the same
 * transaction as its effects, so a replayed event is answered without doing anything again.
 * State is re-read from the provider's API first, which makes the arrival order irrelevant.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
  meta: EventMeta,
): Promise<{ received: true; duplicate: boolean }> {
  if (deps.provider.name !== 'stripe') {
    throw fail('webhooks_not_used');
  }
  let event;
  try {
    event = deps.provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      throw fail('webhook_signature_invalid', { reason: err.message });
    }
    throw err;
  }
  const provider = deps.provider;
  let remoteSession = null;
  let remoteSub: ProviderSubscription | null = null;
  if (event.type === 'checkout.completed' || event.type === 'checkout.expired') {
    const id = event.sessionId;
    remoteSession = await callProvider(() => provider.retrieveCheckoutSession(id));
    const subId = remoteSession?.subscriptionId;
    if (subId) remoteSub = await callProvider(() => provider.retrieveSubscription(subId));
  } else if (
    event.type === 'subscription.changed' ||
    event.type === 'invoice.paid' ||
    event.type === 'invoice.payment_failed'
  ) {
    const id = event.subscriptionId;
    remoteSub = await callProvider(() => provider.retrieveSubscription(id));
  }
  let refunds: ProviderRefund[] | null = null;
  let dispute: ProviderDispute | null = null;
  if (event.type === 'charge.refunded') {
    const id = event.paymentIntentId;
    refunds = await callProvider(() => provider.listRefunds(id));
  } else if (event.type === 'dispute.changed') {
    const id = event.disputeId;
    dispute = await callProvider(() => provider.retrieveDispute(id));
  }
  // A membership's charge is an invoice's: which payment it was is asked of the provider.
  let membership: string | null = null;
  const intent =
    event.type === 'charge.refunded' ? event.paymentIntentId : (dispute?.paymentIntentId ?? null);
  if (intent && !(await paymentByIntent(deps.db, intent))) {
    const paid = await callProvider(() => provider.invoiceOfPayment(intent));
    if (paid) membership = membershipRef(paid.subscriptionId, paid.first ? null : paid.invoiceId);
  }

  const ctx = fulfilContext(deps, meta);
  return deps.db.transaction(async (tx) => {
    const stored = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: meta.at })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (stored.length === 0) return { received: true as const, duplicate: true };
    if (refunds && event.type === 'charge.refunded') {
      await bookProviderRefunds(tx, event.paymentIntentId, membership, refunds, meta);
    } else if (dispute) {
      await syncDispute(tx, dispute, membership, meta, (id) =>
        callProvider(() => provider.cancelSubscriptionNow(id)),
      );
    } else if (remoteSession) await fulfilCheckout(tx, ctx, remoteSession, remoteSub);
    else if (event.type === 'invoice.paid' && remoteSub) {
      const booked = await recordInvoicePaid(tx, ctx, event, remoteSub);
      if (booked && event.upgradeTo !== null) {
        const paid = { tier: event.upgradeTo, amountCents: event.amountPaid };
        await settlePaidUpgrade(tx, booked, { ...paid, priceCents: remoteSub.priceCents }, meta);
      }
    } else if (remoteSub) await syncSubscription(tx, ctx, remoteSub);
    return { received: true as const, duplicate: false };
  });
}
