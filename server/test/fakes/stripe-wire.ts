import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/** The wire shapes and form helpers the fake Stripe's parts share. */

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);
export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** The fields `metadata[key]=value` of a form body, as one record. */
export function nested(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const open = `${prefix}[`;
  for (const [key, value] of form) {
    if (key.startsWith(open) && key.endsWith(']') && !key.slice(open.length, -1).includes('[')) {
      out[key.slice(open.length, -1)] = value;
    }
  }
  return out;
}

/** The inline price a subscription item bills (Checkout's price_data, or a tier change's). */
export interface FakePrice {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: string } | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: Stripe.Subscription.Status;
  start_date: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: FakePrice;
    }[];
  };
  /** Collection paused (issue 43): invoices until resumes_at are voided, none is paid. */
  pause_collection: { behavior: string; resumes_at: number | null } | null;
}

/** A subscription's invoice; a paid one has the PaymentIntent (and charge) that paid it. */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  amount_paid: number;
  currency: string;
  billing_reason: string;
  /** Renewals are made paid; an invoice made through the API is a draft until paid or voided. */
  status: 'draft' | 'open' | 'paid' | 'void';
  customer: string | null;
  metadata: Record<string, string>;
  /** What its invoice items add up to (an API-made invoice's amount due). */
  amount_due: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  /** The PaymentIntent that paid it, read through /v1/invoice_payments (not on Stripe's invoice). */
  paymentIntent: string | null;
}
