import { nested, newId, type FakeInvoice, type FakeSubscription } from './stripe-wire';

/**
 * The fake Stripe's one-off invoicing (issue 43: an upgrade's prorated difference): invoice
 * items, an invoice of a subscription that takes its pending items, paying it on the
 * subscription's payment method (declined while `declining()`), voiding it, and the
 * subscription item's price changing. Answers are kept per idempotency key and replayed, errors
 * included, as Stripe does.
 */

export interface FakeInvoiceItem {
  id: string;
  object: 'invoiceitem';
  customer: string;
  subscription: string | null;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  invoice: string | null;
}

export interface InvoicingState {
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  invoiceItems: Map<string, FakeInvoiceItem>;
  /** A succeeded PaymentIntent (and charge) of `amount`. */
  newCharge(amount: number, currency: string): string;
  /** Whether card payments are declined now. */
  declining(): boolean;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

const invalid = (message: string): FakeAnswer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message } },
});

const missing = (what: string, id: string): FakeAnswer => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${id}'`,
    },
  },
});

function publicInvoice(invoice: FakeInvoice): unknown {
  const { paymentIntent: _intent, ...rest } = invoice;
  return rest;
}

function createItem(state: InvoicingState, form: URLSearchParams): FakeAnswer {
  const customer = form.get('customer');
  const amount = Number(form.get('amount'));
  const currency = form.get('currency');
  if (!customer || !currency || !Number.isInteger(amount)) {
    return invalid('customer, amount and currency are required');
  }
  const item: FakeInvoiceItem = {
    id: newId('ii'),
    object: 'invoiceitem',
    customer,
    subscription: form.get('subscription'),
    amount,
    currency,
    description: form.get('description'),
    metadata: nested(form, 'metadata'),
    invoice: null,
  };
  state.invoiceItems.set(item.id, item);
  return { status: 200, body: item };
}

function createInvoice(state: InvoicingState, form: URLSearchParams): FakeAnswer {
  const customer = form.get('customer');
  const subscription = form.get('subscription');
  if (!customer) return invalid('Missing required param: customer.');
  const pending = [...state.invoiceItems.values()].filter(
    (i) =>
      i.invoice === null &&
      i.customer === customer &&
      (subscription === null || i.subscription === subscription),
  );
  const taken = form.get('pending_invoice_items_behavior') === 'include' ? pending : [];
  const invoice: FakeInvoice = {
    id: newId('in'),
    object: 'invoice',
    amount_paid: 0,
    amount_due: taken.reduce((sum, i) => sum + i.amount, 0),
    currency: taken[0]?.currency ?? 'usd',
    billing_reason: 'manual',
    status: 'draft',
    customer,
    metadata: nested(form, 'metadata'),
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription ?? '', metadata: {} },
    },
    paymentIntent: null,
  };
  for (const item of taken) item.invoice = invoice.id;
  state.invoices.set(invoice.id, invoice);
  return { status: 200, body: publicInvoice(invoice) };
}

function payInvoice(state: InvoicingState, invoice: FakeInvoice): FakeAnswer {
  if (invoice.status === 'paid' || invoice.status === 'void') {
    return invalid(`Invoice is already ${invoice.status === 'paid' ? 'paid' : 'void'}`);
  }
  invoice.status = 'open'; // paying finalizes a draft first
  if (state.declining()) {
    return {
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      },
    };
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.paymentIntent =
    invoice.amount_due > 0 ? state.newCharge(invoice.amount_due, invoice.currency) : null;
  return { status: 200, body: publicInvoice(invoice) };
}

/** POST /v1/subscriptions/:id with items[0][price_data]: the item bills the new inline price. */
export function changeItemPrice(subscription: FakeSubscription, form: URLSearchParams): void {
  const amount = form.get('items[0][price_data][unit_amount]');
  const item = subscription.items.data[0];
  if (amount === null || !item) return;
  const interval = form.get('items[0][price_data][recurring][interval]');
  item.price = {
    id: newId('price'),
    object: 'price',
    product: form.get('items[0][price_data][product]') ?? item.price.product,
    unit_amount: Number(amount),
    currency: form.get('items[0][price_data][currency]') ?? item.price.currency,
    recurring: interval ? { interval } : null,
  };
}

/** The answer to an invoicing request, or null when the path is not one of them. */
export function handleInvoicing(
  state: InvoicingState,
  method: string,
  path: string,
  form: URLSearchParams,
): FakeAnswer | null {
  if (method !== 'POST') return null;
  if (path === '/v1/invoiceitems') return createItem(state, form);
  if (path === '/v1/invoices') return createInvoice(state, form);
  const action = /^\/v1\/invoices\/([\w-]+)\/(pay|void)$/.exec(path);
  if (!action?.[1]) return null;
  const invoice = state.invoices.get(action[1]);
  if (!invoice) return missing('invoice', action[1]);
  if (action[2] === 'pay') return payInvoice(state, invoice);
  if (invoice.status !== 'open' && invoice.status !== 'draft') {
    return invalid('You can only void an open or draft invoice.');
  }
  invoice.status = 'void';
  return { status: 200, body: publicInvoice(invoice) };
}
