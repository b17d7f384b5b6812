import { fail } from '../../http/errors';
import type { PaymentsProvider } from './provider';

/**
 * No payment provider: production without Stripe and without PAYMENTS_PROVIDER=local. Starting a
 * checkout answers 503 with a text saying why; there are no sessions or subscriptions to read.
 */
export function createNoPaymentsProvider(): PaymentsProvider {
  return {
    name: 'none',
    async createCheckoutSession() {
      throw fail('payments_not_configured');
    },
    async retrieveCheckoutSession() {
      return null;
    },
    async retrieveSubscription() {
      return null;
    },
    async cancelSubscriptionAtPeriodEnd() {
      throw fail('payments_not_configured');
    },
    async refundPayment() {
      throw fail('payments_not_configured');
    },
    async membershipPaymentIntent() {
      return null;
    },
    async invoiceOfPayment() {
      return null;
    },
    async cancelSubscriptionNow() {
      throw fail('payments_not_configured');
    },
    async pauseSubscriptionCollection() {
      throw fail('payments_not_configured');
    },
    async resumeSubscriptionCollection() {
      throw fail('payments_not_configured');
    },
    async endTrialNow() {
      throw fail('payments_not_configured');
    },
    async setSubscriptionPrice() {
      throw fail('payments_not_configured');
    },
    async chargeSubscription() {
      throw fail('payments_not_configured');
    },
    async listRefunds() {
      return [];
    },
    async retrieveDispute() {
      return null;
    },
    parseWebhook() {
      throw fail('payments_not_configured');
    },
  };
}
