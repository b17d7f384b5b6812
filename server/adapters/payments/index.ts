import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createLocalProvider } from './local';
import { createNoPaymentsProvider } from './none';
import type { PaymentsProvider } from './provider';

export type { PaymentsProvider } from './provider';

/**
 * Stripe when STRIPE_SECRET_KEY is set, the embedded local provider when chosen (or by default
 * outside production), else none: in production the test-card provider never runs by default
 * (issue 18), and every checkout answers 503.
 */
export async function createPaymentsProvider(
  config: Config,
  db: Database,
): Promise<PaymentsProvider> {
  if (config.paymentsProvider === 'local') return createLocalProvider(db);
  if (config.paymentsProvider === 'none' || !config.STRIPE_SECRET_KEY) {
    return createNoPaymentsProvider();
  }
  if (!config.STRIPE_WEBHOOK_SECRET) {
    // Without the webhook secret no payment could ever be confirmed by Stripe's own signal.
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  // Stripe's SDK is loaded only when it is the provider (issue 17: start-up time).
  const { createStripeProvider } = await import('./stripe');
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}
