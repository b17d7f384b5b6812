import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { handleInvoicing, changeItemPrice, type FakeInvoiceItem } from './stripe-invoicing';
import { nested, newId, unix, type FakeInvoice, type FakeSubscription } from './stripe-wire';

export type { FakeInvoice, FakePrice, FakeSubscription } from './stripe-wire';

/**
 * A stand-in for api.stripe.com on 127.0.0.1 that speaks Stripe's wire protocol (form-encoded
 * requests, JSON objects, `{ error: { type, message } }` failures) for the Checkout Session and
 * Subscription endpoints the adapter calls, so tests run the real `stripe` SDK end to end. The
 * test plays the payer and Stripe's billing engine through its methods, then delivers events
 * signed with the SDK's own test-header helper.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

type Json = Record<string, unknown>;

/** A coupon a checkout's `discounts` name (a discount code's first period, issue 43). */
export interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number;
  currency: string;
  duration: string;
  max_redemptions: number;
  name: string | null;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string } | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  subscription: string | null;
  /** Set when a payment-mode session is paid. */
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string | null;
  /** What the session was created with, kept for assertions (not part of Stripe's answer). */
  subscriptionMetadata: Record<string, string>;
  lineItem: { name: string; unitAmount: number; currency: string; interval: string | null };
  /** subscription_data.trial_period_days (issue 43), or null. */
  trialDays: number | null;
  /** The coupon of `discounts[0]` (a discount code's first period, issue 43), or null. */
  coupon: FakeCoupon | null;
}

/** The charge behind a paid payment-mode session (one per PaymentIntent here). */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  charge: string;
  payment_intent: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeStripe {
  /** Base URL to give the adapter (STRIPE_API_BASE). */
  url: string;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  requests: RecordedRequest[];
  charges: Map<string, FakeCharge>;
  invoices: Map<string, FakeInvoice>;
  refunds: Map<string, FakeRefund>;
  disputes: Map<string, FakeDispute>;
  /** Answers the next calls with Stripe's 500 api_error (and stripe-should-retry: false). */
  failing: boolean;
  /** Answers updates of subscriptions (POST /v1/subscriptions/:id) with this HTTP status. */
  failSubscriptionUpdates: 402 | 500 | null;
  /** Declines paying invoices through the API (POST /v1/invoices/:id/pay), as a card would. */
  declineInvoicePayments: boolean;
  /** One-off invoice items (issue 43: an upgrade's difference), by id. */
  invoiceItems: Map<string, FakeInvoiceItem>;
  /**
   * Runs after Stripe made a refund asked through the API and before it answers: a test
   * delivers `charge.refunded` here, the webhook overtaking the caller.
   */
  onRefundCreated: ((refund: FakeRefund) => Promise<void>) | null;
  /** A refund made in Stripe's dashboard (or by the API): the charge's refunded amount grows. */
  refund(paymentIntentId: string, amount?: number): FakeRefund;
  /** The charge of a PaymentIntent as a `charge.*` event carries it. */
  chargeOf(paymentIntentId: string): FakeCharge;
  /** Opens or moves a dispute of a PaymentIntent's charge (the card network's side). */
  dispute(paymentIntentId: string, status: FakeDispute['status'], id?: string): FakeDispute;
  /** The payer completes the hosted checkout (subscription mode also starts the subscription). */
  pay(
    sessionId: string,
    options?: {
      email?: string;
      paymentStatus?: 'paid' | 'unpaid';
      amountTotal?: number;
      periodStart?: Date;
      periodEnd?: Date;
    },
  ): FakeSession;
  /** Stripe's billing engine moves a subscription on (renewal, failed payment, cancellation). */
  updateSubscription(id: string, change: Partial<Omit<FakeSubscription, 'id' | 'object'>>): void;
  setPeriod(id: string, start: Date, end: Date): void;
  /** A Stripe-Signature header for `payload` (default: the endpoint's secret, signed now). */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  /** A signed webhook delivery of `object` as event `type`: body and Stripe-Signature header. */
  event(
    type: string,
    object: object,
    options?: { id?: string; secret?: string },
  ): { id: string; payload: string; signature: string };
  /**
   * A paid invoice of a subscription, as an `invoice.*` event carries it; the PaymentIntent
   * and charge that paid it are made too. The first invoice (`subscription_create`) is the one
   * the checkout's payment made, when there is one.
   */
  invoice(
    subscriptionId: string,
    options: {
      amountPaid: number;
      billingReason: string;
      id?: string;
      metadata?: Record<string, string>;
    },
  ): Json;
  /** The PaymentIntent that paid an invoice. */
  intentOfInvoice(invoiceId: string): string;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: RecordedRequest[] = [];
  const charges = new Map<string, FakeCharge>();
  const invoices = new Map<string, FakeInvoice>();
  const refunds = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  const refundsByKey = new Map<string, FakeRefund>();
  const subscriptionUpdatesByKey = new Map<string, FakeSubscription>();
  const invoiceItems = new Map<string, FakeInvoiceItem>();
  const coupons = new Map<string, FakeCoupon>();
  const answersByKey = new Map<string, { status: number; body: unknown }>();
  const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
    });
    res.end(JSON.stringify(body));
  }

  const missing = (res: ServerResponse, what: string, id: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
      },
    });

  function publicSession(s: FakeSession): Json {
    const { subscriptionMetadata: _meta, lineItem: _line, trialDays: _t, coupon: _c, ...rest } = s;
    return rest;
  }

  function createSession(form: URLSearchParams): FakeSession {
    const id = newId('cs');
    const interval = form.get('line_items[0][price_data][recurring][interval]');
    const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
    const currency = form.get('line_items[0][price_data][currency]') ?? '';
    const trial = form.get('subscription_data[trial_period_days]');
    const coupon = coupons.get(form.get('discounts[0][coupon]') ?? '') ?? null;
    const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: form.get('mode') === 'subscription' ? 'subscription' : 'payment',
      status: 'open',
      payment_status: 'unpaid',
      // A trial's checkout charges nothing; a coupon takes its amount off the first payment.
      amount_total: trial ? 0 : unitAmount * quantity - (coupon?.amount_off ?? 0),
      currency,
      customer_email: form.get('customer_email'),
      customer_details: null,
      payment_method_types: ['card'],
      metadata: nested(form, 'metadata'),
      subscription: null,
      payment_intent: null,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      expires_at: Number(form.get('expires_at') ?? '0'),
      url: `https://checkout.stripe.test/c/pay/${id}`,
      subscriptionMetadata: nested(form, 'subscription_data[metadata]'),
      lineItem: {
        name: form.get('line_items[0][price_data][product_data][name]') ?? '',
        unitAmount,
        currency,
        interval,
      },
      trialDays: trial ? Number(trial) : null,
      coupon,
    };
    sessions.set(id, session);
    return session;
  }

  const subscriptionsPaused = (id: string) => subscriptions.get(id)?.pause_collection != null;

  /** A new PaymentIntent with its succeeded charge of `amount`. */
  function newCharge(amount: number, currency: string): string {
    const paymentIntent = newId('pi');
    charges.set(paymentIntent, {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      payment_intent: paymentIntent,
    });
    return paymentIntent;
  }

  function addInvoice(
    subscriptionId: string,
    options: {
      amountPaid: number;
      billingReason: string;
      currency: string;
      id?: string;
      metadata?: Record<string, string>;
    },
  ): FakeInvoice {
    const invoice: FakeInvoice = {
      id: options.id ?? newId('in'),
      object: 'invoice',
      amount_paid: options.amountPaid,
      currency: options.currency,
      billing_reason: options.billingReason,
      status: 'paid',
      customer: subscriptions.get(subscriptionId)?.customer ?? null,
      metadata: options.metadata ?? {},
      amount_due: options.amountPaid,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
      paymentIntent:
        options.amountPaid > 0 ? newCharge(options.amountPaid, options.currency) : null,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function publicInvoice(invoice: FakeInvoice): Json {
    const { paymentIntent: _intent, ...rest } = invoice;
    return rest;
  }

  const list = (url: string, data: unknown[]) =>
    ({ object: 'list', data, has_more: false, url }) as const;

  function chargeOf(paymentIntentId: string): FakeCharge {
    const charge = charges.get(paymentIntentId);
    if (!charge) throw new Error(`fake stripe: no charge of ${paymentIntentId}`);
    return charge;
  }

  /** A refund of a charge, as Stripe books it; a string is Stripe's refusal. */
  function createRefund(
    paymentIntentId: string,
    amount: number | undefined,
    metadata: Record<string, string>,
  ): FakeRefund | string {
    const charge = charges.get(paymentIntentId);
    if (!charge) return `No such payment_intent: '${paymentIntentId}'`;
    const left = charge.amount - charge.amount_refunded;
    const cents = amount ?? left;
    if (left <= 0) return `Charge ${charge.id} has already been refunded.`;
    if (cents <= 0 || cents > left) {
      return `Refund amount (${cents}) is greater than unrefunded amount on charge (${left})`;
    }
    charge.amount_refunded += cents;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount: cents,
      currency: charge.currency,
      status: 'succeeded',
      charge: charge.id,
      payment_intent: paymentIntentId,
      metadata,
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function handle(
    method: string,
    path: string,
    form: URLSearchParams,
    res: ServerResponse,
    idempotencyKey: string | undefined,
  ) {
    const invoicing = idempotencyKey ? answersByKey.get(`${path}:${idempotencyKey}`) : undefined;
    const answer =
      invoicing ??
      handleInvoicing(
        {
          subscriptions,
          invoices,
          invoiceItems,
          newCharge,
          declining: () => fake.declineInvoicePayments,
        },
        method,
        path,
        form,
      );
    if (answer) {
      if (idempotencyKey) answersByKey.set(`${path}:${idempotencyKey}`, answer);
      return send(res, answer.status, answer.body);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (earlier) return send(res, 200, earlier);
      const amount = form.get('amount');
      const made = createRefund(
        form.get('payment_intent') ?? '',
        amount === null ? undefined : Number(amount),
        nested(form, 'metadata'),
      );
      if (typeof made === 'string') {
        return send(res, 400, { error: { type: 'invalid_request_error', message: made } });
      }
      if (idempotencyKey) refundsByKey.set(idempotencyKey, made);
      const hook = fake.onRefundCreated;
      if (!hook) return send(res, 200, made);
      return void hook(made).then(
        () => send(res, 200, made),
        () => send(res, 500, { error: { type: 'api_error', message: 'hook failed' } }),
      );
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const pi = form.get('payment_intent');
      const data = [...refunds.values()].filter((r) => r.payment_intent === pi).reverse();
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const sub = form.get('subscription');
      const data = [...invoices.values()]
        .filter((i) => i.parent.subscription_details.subscription === sub)
        .reverse()
        .map(publicInvoice);
      return send(res, 200, list(path, data));
    }
    const oneInvoice = /^\/v1\/invoices\/([\w-]+)$/.exec(path);
    if (method === 'GET' && oneInvoice?.[1]) {
      const found = invoices.get(oneInvoice[1]);
      return found ? send(res, 200, publicInvoice(found)) : missing(res, 'invoice', oneInvoice[1]);
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const byIntent = form.get('payment[payment_intent]');
      const invoice = byIntent
        ? [...invoices.values()].find((i) => i.paymentIntent === byIntent)
        : invoices.get(form.get('invoice') ?? '');
      const status = form.get('status');
      const data =
        invoice?.paymentIntent && (status === null || status === 'paid')
          ? [
              {
                id: `inpay_${invoice.id}`,
                object: 'invoice_payment',
                invoice: invoice.id,
                status: 'paid',
                amount_paid: invoice.amount_paid,
                currency: invoice.currency,
                is_default: true,
                payment: { type: 'payment_intent', payment_intent: invoice.paymentIntent },
              },
            ]
          : [];
      return send(res, 200, list(path, data));
    }
    const dispute = /^\/v1\/disputes\/([\w-]+)$/.exec(path);
    if (method === 'GET' && dispute?.[1]) {
      const found = disputes.get(dispute[1]);
      return found ? send(res, 200, found) : missing(res, 'dispute', dispute[1]);
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon: FakeCoupon = {
        id: newId('coupon'),
        object: 'coupon',
        amount_off: Number(form.get('amount_off')),
        currency: form.get('currency') ?? '',
        duration: form.get('duration') ?? '',
        max_redemptions: Number(form.get('max_redemptions')),
        name: form.get('name'),
      };
      coupons.set(coupon.id, coupon);
      return send(res, 200, coupon);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return send(res, 200, publicSession(createSession(form)));
    }
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && session?.[1]) {
      const found = sessions.get(session[1]);
      return found
        ? send(res, 200, publicSession(found))
        : missing(res, 'checkout.session', session[1]);
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (sub?.[1]) {
      const found = subscriptions.get(sub[1]);
      if (!found) return missing(res, 'subscription', sub[1]);
      if (method === 'POST' && fake.failSubscriptionUpdates === 402) {
        return send(res, 402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        });
      }
      if (method === 'POST' && fake.failSubscriptionUpdates === 500) {
        return send(res, 500, { error: { type: 'api_error', message: 'Something went wrong' } });
      }
      // A repeated idempotency key answers the first update again and changes nothing.
      const earlier = idempotencyKey ? subscriptionUpdatesByKey.get(idempotencyKey) : undefined;
      if (method === 'POST' && earlier) return send(res, 200, earlier);
      if (method === 'POST' && form.has('pause_collection')) {
        // `pause_collection=` (empty) clears it.
        found.pause_collection = null;
      } else if (method === 'POST' && form.has('pause_collection[behavior]')) {
        const resumesAt = form.get('pause_collection[resumes_at]');
        found.pause_collection = {
          behavior: form.get('pause_collection[behavior]') ?? '',
          resumes_at: resumesAt ? Number(resumesAt) : null,
        };
      }
      if (method === 'POST' && form.get('trial_end') === 'now') {
        // The trial ends: the first paid period starts now (its invoice is the test's to make).
        const item = found.items.data[0];
        if (item) {
          const days = item.price.recurring?.interval === 'year' ? 365 : 30;
          item.current_period_start = unix(new Date());
          item.current_period_end = item.current_period_start + days * 86_400;
        }
        found.status = 'active';
      }
      if (method === 'POST' && form.get('billing_cycle_anchor[type]') === 'now') {
        // A new period from now (without proration the full price is invoiced at once).
        const item = found.items.data[0];
        if (item) {
          const length = item.current_period_end - item.current_period_start;
          item.current_period_start = unix(new Date());
          item.current_period_end = item.current_period_start + length;
        }
      }
      if (method === 'POST') {
        changeItemPrice(found, form);
        Object.assign(found.metadata, nested(form, 'metadata'));
      }
      if (method === 'POST' && idempotencyKey) {
        subscriptionUpdatesByKey.set(idempotencyKey, structuredClone(found));
      }
      if (method === 'POST' && form.has('cancel_at_period_end')) {
        found.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        found.canceled_at = found.cancel_at_period_end ? unix(new Date()) : null;
      }
      if (method === 'DELETE') {
        if (found.status === 'canceled') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: `A canceled subscription can only update its cancellation_details.`,
            },
          });
        }
        found.status = 'canceled';
        found.canceled_at = unix(new Date());
        found.ended_at = found.canceled_at;
      }
      return send(res, 200, found);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = new URLSearchParams(
        req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'),
      );
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
      });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      if (fake.failing) {
        return send(res, 500, { error: { type: 'api_error', message: 'Something went wrong' } });
      }
      const key = req.headers['idempotency-key'];
      handle(req.method ?? '', url.pathname, form, res, typeof key === 'string' ? key : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    sessions,
    subscriptions,
    requests,
    charges,
    invoices,
    refunds,
    disputes,
    failing: false,
    failSubscriptionUpdates: null,
    declineInvoicePayments: false,
    invoiceItems,
    onRefundCreated: null,
    refund(paymentIntentId, amount) {
      const made = createRefund(paymentIntentId, amount, {});
      if (typeof made === 'string') throw new Error(`fake stripe: ${made}`);
      return made;
    },
    chargeOf,
    dispute(paymentIntentId, status, id) {
      const charge = chargeOf(paymentIntentId);
      const found = id ? disputes.get(id) : undefined;
      const dispute: FakeDispute = found ?? {
        id: id ?? newId('dp'),
        object: 'dispute',
        amount: charge.amount,
        currency: charge.currency,
        status,
        charge: charge.id,
        payment_intent: paymentIntentId,
      };
      dispute.status = status;
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    pay(sessionId, options = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`fake stripe: no session ${sessionId}`);
      const paid = (options.paymentStatus ?? 'paid') === 'paid';
      s.status = 'complete';
      // A trial's checkout only saves the card (issue 43).
      s.payment_status = !paid ? 'unpaid' : s.trialDays ? 'no_payment_required' : 'paid';
      s.customer_details = { email: options.email ?? s.customer_email ?? 'payer@example.test' };
      if (options.amountTotal !== undefined) s.amount_total = options.amountTotal;
      if (s.mode === 'payment' && paid && !s.payment_intent) {
        s.payment_intent = newCharge(s.amount_total, s.currency);
      }
      if (s.mode === 'subscription' && paid) {
        const start = options.periodStart ?? new Date();
        // Stripe bills a recurring price's interval: a year's price (issue 43) runs 365 days; a
        // trial's first period is the trial.
        const days = s.trialDays ?? (s.lineItem.interval === 'year' ? 365 : 30);
        const end = options.periodEnd ?? new Date(start.getTime() + days * 86_400_000);
        const subscription: FakeSubscription = {
          id: newId('sub'),
          object: 'subscription',
          customer: newId('cus'),
          status: s.trialDays ? 'trialing' : 'active',
          start_date: unix(start),
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          metadata: { ...s.subscriptionMetadata },
          pause_collection: null,
          items: {
            object: 'list',
            data: [
              {
                id: newId('si'),
                current_period_start: unix(start),
                current_period_end: unix(end),
                price: {
                  id: newId('price'),
                  object: 'price',
                  product: newId('prod'),
                  unit_amount: s.lineItem.unitAmount,
                  currency: s.currency,
                  recurring: s.lineItem.interval ? { interval: s.lineItem.interval } : null,
                },
              },
            ],
          },
        };
        subscriptions.set(subscription.id, subscription);
        s.subscription = subscription.id;
        addInvoice(subscription.id, {
          amountPaid: s.amount_total,
          billingReason: 'subscription_create',
          currency: s.currency,
        });
      }
      return s;
    },
    updateSubscription(id, change) {
      const s = subscriptions.get(id);
      if (!s) throw new Error(`fake stripe: no subscription ${id}`);
      Object.assign(s, change);
    },
    setPeriod(id, start, end) {
      const item = subscriptions.get(id)?.items.data[0];
      if (!item) throw new Error(`fake stripe: no subscription ${id}`);
      item.current_period_start = unix(start);
      item.current_period_end = unix(end);
    },
    event(type, object, options = {}) {
      const id = options.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: unix(new Date()),
        livemode: false,
        pending_webhooks: 1,
        data: { object },
      });
      return { id, payload, signature: fake.sign(payload, options) };
    },
    sign(payload, options = {}) {
      return signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
    },
    invoice(subscriptionId, options) {
      if (
        subscriptionsPaused(subscriptionId) &&
        options.billingReason !== 'subscription_create' &&
        options.amountPaid > 0
      ) {
        throw new Error(`fake stripe: ${subscriptionId} is paused, its invoices are voided`);
      }
      const first =
        options.billingReason === 'subscription_create' && options.id === undefined
          ? [...invoices.values()].find(
              (i) =>
                i.parent.subscription_details.subscription === subscriptionId &&
                i.billing_reason === 'subscription_create',
            )
          : undefined;
      if (first) return { ...publicInvoice(first), amount_paid: options.amountPaid };
      // Renewals are charged in the currency of the subscription's first invoice.
      const currency =
        [...invoices.values()].find(
          (i) => i.parent.subscription_details.subscription === subscriptionId,
        )?.currency ?? 'usd';
      return publicInvoice(addInvoice(subscriptionId, { ...options, currency }));
    },
    intentOfInvoice(invoiceId) {
      const intent = invoices.get(invoiceId)?.paymentIntent;
      if (!intent) throw new Error(`fake stripe: no paid invoice ${invoiceId}`);
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}

/** Where the adapter is pointed in tests: createTestApp({ env: stripeEnv(fake) }). */
export const stripeEnv = (fake: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_from_config',
  STRIPE_API_BASE: fake.url,
  PUBLIC_URL: 'https://aura.example.test',
});
