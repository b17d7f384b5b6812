/**
 * The one interface both payment providers implement (issue 5): Stripe Checkout when
 * STRIPE_SECRET_KEY is set, otherwise the built-in local provider. Both produce checkout
 * sessions of the same shape; the billing module never sees which SDK is behind them.
 */

/** `none`: no provider configured (production without Stripe): every checkout answers 503. */
export type ProviderName = 'local' | 'stripe' | 'none';

export interface CheckoutLine {
  name: string;
  /** What the checkout charges now. */
  amountCents: number;
  currency: string;
  /** A membership's period (subscription mode, 'year' since issue 43), null for a one-off payment. */
  interval: 'month' | 'year' | null;
  /**
   * A membership's price of every period after the first, when the first costs less: a discount
   * code's first period (issue 43), or a free trial's. Otherwise every period costs amountCents.
   */
  recurringCents?: number;
  /** A membership's free trial (issue 43): its first `trialDays` days cost nothing. */
  trialDays?: number;
  /** The first period's discount as the payer sees it on the provider's page (the code). */
  discountName?: string;
}

export interface CreateProviderSessionInput {
  line: CheckoutLine;
  customerEmail: string | null;
  /** Our own facts about the purchase; they come back on the session and its subscription. */
  metadata: Record<string, string>;
  /** Absolute or relative; `{CHECKOUT_SESSION_ID}` is replaced by the provider's session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface ProviderSession {
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  paymentMethodTypes: string[];
  metadata: Record<string, string>;
  subscriptionId: string | null;
  /** The payment of a paid payment-mode session (Stripe's PaymentIntent); null otherwise. */
  paymentIntentId: string | null;
}

/** A refund at the provider; only succeeded ones are booked. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface ProviderDispute {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  /** Stripe's needs_response, under_review and the like are all `open`. */
  status: 'open' | 'won' | 'lost';
}

export interface ProviderSubscription {
  id: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  metadata: Record<string, string>;
  /** What the subscription bills per period from its next invoice on; null when unknown. */
  priceCents: number | null;
}

/** A verified webhook event, reduced to what fulfilment needs; the rest is re-read from the API. */
export type ProviderEvent =
  | { id: string; type: 'checkout.completed'; sessionId: string }
  | { id: string; type: 'checkout.expired'; sessionId: string }
  | { id: string; type: 'subscription.changed'; subscriptionId: string }
  | {
      id: string;
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string;
      amountPaid: number;
      currency: string;
      /** The first invoice of a subscription is the checkout's own payment. */
      isFirstInvoice: boolean;
      /** The tier an upgrade's own invoice paid for (`chargeSubscription`, issue 43), else null. */
      upgradeTo: string | null;
    }
  | { id: string; type: 'invoice.payment_failed'; subscriptionId: string }
  /** Money went back from a card payment (our refund, or one made in the provider's dashboard). */
  | { id: string; type: 'charge.refunded'; paymentIntentId: string }
  | { id: string; type: 'dispute.changed'; disputeId: string }
  | { id: string; type: 'ignored'; providerType: string };

export class WebhookSignatureError extends Error {}

export interface PaymentsProvider {
  readonly name: ProviderName;
  createCheckoutSession(input: CreateProviderSessionInput): Promise<{ id: string; url: string }>;
  /** The provider's current view of a session; null when it does not know the id. */
  retrieveCheckoutSession(id: string): Promise<ProviderSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** The fan cancelled: no further renewals, access until the current period ends. */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<void>;
  /**
   * Gives back `amountCents` of a payment at the provider, once per `idempotencyKey` (a repeat
   * answers the same refund). Only for providers whose sessions carry a paymentIntentId.
   */
  refundPayment(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderRefund>;
  /**
   * The payment (Stripe's PaymentIntent) that paid a membership: invoice `invoiceId`, or the
   * subscription's first invoice when it is null; null when the provider knows none.
   */
  membershipPaymentIntent(input: {
    subscriptionId: string;
    invoiceId: string | null;
  }): Promise<string | null>;
  /**
   * The subscription invoice a payment (PaymentIntent) paid, and whether it was the
   * subscription's first; null when it paid none (an item's payment, or unknown).
   */
  invoiceOfPayment(
    paymentIntentId: string,
  ): Promise<{ invoiceId: string; subscriptionId: string; first: boolean } | null>;
  /** Ends a subscription now (a refunded membership): no renewal, safe to repeat. */
  cancelSubscriptionNow(id: string): Promise<void>;
  /**
   * The fan paused (issue 43): nothing is collected until `resumesAt` (Stripe voids the
   * invoices of the periods in between), then billing goes on. Once per `idempotencyKey`.
   */
  pauseSubscriptionCollection(input: {
    subscriptionId: string;
    resumesAt: Date;
    idempotencyKey: string;
  }): Promise<void>;
  /**
   * The fan resumed early: collection goes on now. `renewNow` (the pause has begun) starts a new
   * period today, invoiced at once at the full price; otherwise the current period runs on.
   */
  resumeSubscriptionCollection(input: {
    subscriptionId: string;
    renewNow: boolean;
    idempotencyKey: string;
  }): Promise<void>;
  /**
   * A membership's tier changed (issue 43): from its next invoice on the subscription bills
   * `priceCents` per `interval`, without proration (an upgrade's difference is charged by
   * `chargeSubscription`). Once per `idempotencyKey`.
   */
  setSubscriptionPrice(input: {
    subscriptionId: string;
    priceCents: number;
    currency: string;
    interval: 'month' | 'year';
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<void>;
  /**
   * Charges `amountCents` now on the subscription's own payment method, as an invoice of its own
   * (an upgrade's prorated difference): the paid invoice, or `declined` (that invoice is voided).
   * Once per `idempotencyKey`.
   */
  chargeSubscription(input: {
    subscriptionId: string;
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ paid: true; invoiceId: string } | { paid: false }>;
  /**
   * Ends a subscription's free trial now (issue 43: a fan's second trial, paid meanwhile): the
   * first period starts and is charged at once. Once per `idempotencyKey`.
   */
  endTrialNow(input: { subscriptionId: string; idempotencyKey: string }): Promise<void>;
  /** Every refund of a payment, as the provider has them now. */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  retrieveDispute(id: string): Promise<ProviderDispute | null>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it is wrong. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
