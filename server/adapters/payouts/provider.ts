import type { Currency } from '../../../common/rules/money';

/*
 * The payout provider (issue 15): who actually moves a creator's money once a payout run has
 * booked it. `local` (the default) records the transfer and moves nothing. Stripe Connect is
 * the planned second implementation: `send` becomes a Transfer to the creator's connected
 * account with `reference` as Stripe's idempotency key, and a transfer in a currency other than
 * the account's (euros to a USD account) is converted by Stripe at that moment.
 */

export type PayoutProviderName = 'local' | 'stripe';

export interface PayoutDestination {
  /** The creator's payout settings, opened only for this call and never logged. */
  paymentMethod: string;
  bankName: string;
  accountNumber: string;
  routingNumber: string | null;
  /** SPEC §9: the account is paid in US dollars. */
  currency: 'usd';
}

export interface PayoutTransferRequest {
  /** Our id of this payout (the ledger ref): the provider's idempotency key, so a retry pays once. */
  reference: string;
  creatorId: string;
  amountCents: number;
  /** The currency the amount was earned and booked in; the provider converts to `destination.currency`. */
  currency: Currency;
  destination: PayoutDestination;
}

export interface PayoutTransferResult {
  /** The provider's id of the transfer (shown in the CSV export). */
  providerRef: string;
}

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /** Sends one payout; throws when the provider refuses (the job retries, then reverses it). */
  send(transfer: PayoutTransferRequest): Promise<PayoutTransferResult>;
}
