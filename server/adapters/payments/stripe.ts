import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentsProvider,
  type ProviderDispute,
  type ProviderEvent,
  type ProviderRefund,
  type ProviderSession,
  type ProviderSubscription,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12345 in tests; default https://api.stripe.com. */
  apiBase?: string | undefined;
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toSession(s: Stripe.Checkout.Session): ProviderSession {
  return {
    id: s.id,
    mode: s.mode === 'subscription' ? 'subscription' : 'payment',
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    // A free trial's checkout (issue 43) takes the card and charges nothing: paid in full.
    paymentStatus:
      s.payment_status === 'paid' ||
      (s.payment_status === 'no_payment_required' && s.status === 'complete')
        ? 'paid'
        : 'unpaid',
    amountTotal: s.amount_total ?? 0,
    currency: s.currency ?? '',
    customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
    paymentMethodTypes: s.payment_method_types,
    metadata: { ...(s.metadata ?? {}) },
    subscriptionId: idOf(s.subscription),
    paymentIntentId: idOf(s.payment_intent),
  };
}

function toRefund(r: Stripe.Refund): ProviderRefund {
  const status =
    r.status === 'succeeded' ? 'succeeded' : r.status === 'pending' ? 'pending' : 'failed';
  return { id: r.id, amountCents: r.amount, currency: r.currency, status };
}

function toDispute(d: Stripe.Dispute): ProviderDispute {
  const status = d.status === 'won' ? 'won' : d.status === 'lost' ? 'lost' : 'open';
  return {
    id: d.id,
    paymentIntentId: idOf(d.payment_intent),
    amountCents: d.amount,
    currency: d.currency,
    status,
  };
}

function toStatus(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  // Since API 2025-03-31 the period lives on the subscription items.
  const item = s.items.data[0];
  const start = item?.current_period_start ?? s.start_date;
  const end = item?.current_period_end ?? s.start_date;
  return {
    id: s.id,
    status: toStatus(s.status),
    currentPeriodStart: fromUnix(start),
    currentPeriodEnd: fromUnix(end),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    canceledAt: s.canceled_at ? fromUnix(s.canceled_at) : null,
    endedAt: s.ended_at ? fromUnix(s.ended_at) : null,
    metadata: { ...(s.metadata ?? {}) },
    priceCents: item?.price.unit_amount ?? null,
  };
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  if (fromParent) return fromParent;
  // Older API versions put it on the invoice itself.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  return idOf(legacy ?? null);
}

function toEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, type: 'checkout.completed', sessionId: event.data.object.id };
    case 'checkout.session.expired':
      return { id: event.id, type: 'checkout.expired', sessionId: event.data.object.id };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { id: event.id, type: 'subscription.changed', subscriptionId: event.data.object.id };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId || !invoice.id) {
        return { id: event.id, type: 'ignored', providerType: event.type };
      }
      return {
        id: event.id,
        type: 'invoice.paid',
        invoiceId: invoice.id,
        subscriptionId,
        amountPaid: invoice.amount_paid,
        currency: invoice.currency,
        isFirstInvoice: invoice.billing_reason === 'subscription_create',
        upgradeTo:
          invoice.metadata?.auraKind === 'upgrade' ? (invoice.metadata.tier ?? null) : null,
      };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      return subscriptionId
        ? { id: event.id, type: 'invoice.payment_failed', subscriptionId }
        : { id: event.id, type: 'ignored', providerType: event.type };
    }
    case 'charge.refunded': {
      const paymentIntentId = idOf(event.data.object.payment_intent);
      return paymentIntentId
        ? { id: event.id, type: 'charge.refunded', paymentIntentId }
        : { id: event.id, type: 'ignored', providerType: event.type };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return { id: event.id, type: 'dispute.changed', disputeId: event.data.object.id };
    default:
      return { id: event.id, type: 'ignored', providerType: event.type };
  }
}

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;

/** Stripe Checkout through the official SDK (mode payment for items and top-ups, subscription for tiers). */
export function createStripeProvider(options: StripeProviderOptions): PaymentsProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      const { line } = input;
      // A membership's Stripe price is what every period costs; a cheaper first period is a
      // one-time coupon (a discount code) or a trial, so renewals charge the full price.
      const unitAmount = line.interval
        ? (line.recurringCents ?? line.amountCents)
        : line.amountCents;
      const priceData: Stripe.Checkout.SessionCreateParams.LineItem.PriceData = {
        currency: line.currency,
        unit_amount: unitAmount,
        product_data: { name: line.name },
        ...(line.interval ? { recurring: { interval: line.interval } } : {}),
      };
      const trial = line.interval && line.trialDays ? line.trialDays : 0;
      let coupon: string | null = null;
      if (line.interval && !trial && line.amountCents < unitAmount) {
        const made = await stripe.coupons.create(
          {
            amount_off: unitAmount - line.amountCents,
            currency: line.currency,
            duration: 'once',
            max_redemptions: 1,
            name: (line.discountName ?? 'Discount').slice(0, 40),
          },
          { idempotencyKey: `aura:coupon:${randomUUID()}` },
        );
        coupon = made.id;
      }
      const session = await stripe.checkout.sessions.create({
        mode: line.interval ? 'subscription' : 'payment',
        line_items: [{ price_data: priceData, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        ...(line.interval
          ? {
              subscription_data: {
                metadata: input.metadata,
                ...(trial ? { trial_period_days: trial } : {}),
              },
            }
          : {}),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id) {
      try {
        return toSession(await stripe.checkout.sessions.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async cancelSubscriptionAtPeriodEnd(id) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },
    async refundPayment(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountCents,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toRefund(refund);
    },
    async membershipPaymentIntent({ subscriptionId, invoiceId }) {
      let invoice = invoiceId;
      if (!invoice) {
        for await (const found of stripe.invoices.list({
          subscription: subscriptionId,
          limit: 100,
        })) {
          if (found.billing_reason === 'subscription_create' && found.id) {
            invoice = found.id;
            break;
          }
        }
      }
      if (!invoice) return null;
      for await (const paid of stripe.invoicePayments.list({
        invoice,
        status: 'paid',
        limit: 100,
      })) {
        const intent = paid.payment.type === 'payment_intent' ? paid.payment.payment_intent : null;
        if (intent) return idOf(intent);
      }
      return null;
    },
    async invoiceOfPayment(paymentIntentId) {
      let invoiceId: string | null = null;
      for await (const paid of stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 10,
      })) {
        invoiceId = idOf(paid.invoice);
        if (invoiceId) break;
      }
      if (!invoiceId) return null;
      const invoice = await stripe.invoices.retrieve(invoiceId);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return null;
      return { invoiceId, subscriptionId, first: invoice.billing_reason === 'subscription_create' };
    },
    async cancelSubscriptionNow(id) {
      try {
        const current = await stripe.subscriptions.retrieve(id);
        if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
    },
    async pauseSubscriptionCollection({ subscriptionId, resumesAt, idempotencyKey }) {
      await stripe.subscriptions.update(
        subscriptionId,
        {
          pause_collection: {
            behavior: 'void',
            resumes_at: Math.floor(resumesAt.getTime() / 1000),
          },
        },
        { idempotencyKey },
      );
    },
    async resumeSubscriptionCollection({ subscriptionId, renewNow, idempotencyKey }) {
      // '' clears pause_collection; a new billing cycle from now is invoiced and charged at once.
      const params: Stripe.SubscriptionUpdateParams = { pause_collection: '' };
      if (renewNow) {
        params.billing_cycle_anchor = { type: 'now' };
        params.proration_behavior = 'none';
      }
      await stripe.subscriptions.update(subscriptionId, params, { idempotencyKey });
    },
    async setSubscriptionPrice(input) {
      const current = await stripe.subscriptions.retrieve(input.subscriptionId);
      const item = current.items.data[0];
      const product = idOf(item?.price.product);
      if (!item || !product) throw new Error(`Stripe subscription ${current.id} has no price`);
      // Checkouts bill inline prices (price_data): the new one is inline too, on the same product.
      await stripe.subscriptions.update(
        current.id,
        {
          items: [
            {
              id: item.id,
              price_data: {
                currency: input.currency,
                product,
                unit_amount: input.priceCents,
                recurring: { interval: input.interval },
              },
            },
          ],
          proration_behavior: 'none',
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
    },
    async chargeSubscription(input) {
      const current = await stripe.subscriptions.retrieve(input.subscriptionId);
      const customer = idOf(current.customer);
      if (!customer) throw new Error(`Stripe subscription ${current.id} has no customer`);
      const key = input.idempotencyKey;
      // An invoice of the subscription's own: its payment method pays it, its cycle stays.
      await stripe.invoiceItems.create(
        {
          customer,
          subscription: current.id,
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: `${key}:item` },
      );
      const invoice = await stripe.invoices.create(
        {
          customer,
          subscription: current.id,
          pending_invoice_items_behavior: 'include',
          collection_method: 'charge_automatically',
          auto_advance: false,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: `${key}:invoice` },
      );
      const invoiceId = invoice.id;
      if (!invoiceId) throw new Error('Stripe returned an invoice without an id');
      try {
        const paid = await stripe.invoices.pay(invoiceId, {}, { idempotencyKey: `${key}:pay` });
        if (paid.status === 'paid') return { paid: true, invoiceId };
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
      }
      await stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `${key}:void` });
      return { paid: false };
    },
    async endTrialNow({ subscriptionId, idempotencyKey }) {
      await stripe.subscriptions.update(
        subscriptionId,
        { trial_end: 'now', proration_behavior: 'none' },
        { idempotencyKey },
      );
    },
    async listRefunds(paymentIntentId) {
      const found: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({
        payment_intent: paymentIntentId,
        limit: 100,
      })) {
        found.push(toRefund(refund));
      }
      return found;
    },
    async retrieveDispute(id) {
      try {
        return toDispute(await stripe.disputes.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
      }
      return toEvent(event);
    },
  };
}
