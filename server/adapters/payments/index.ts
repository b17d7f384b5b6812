import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createLocalProvider } from './local';
import type { PaymentsProvider } from './provider';
import { createStripeProvider } from './stripe';

export type { PaymentsProvider } from './provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the embedded local provider (issue 5). */
export function createPaymentsProvider(config: Config, db: Database): PaymentsProvider {
  if (!config.STRIPE_SECRET_KEY) return createLocalProvider(db);
  if (!config.STRIPE_WEBHOOK_SECRET) {
    // Without the webhook secret no payment could ever be confirmed by Stripe's own signal.
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}
