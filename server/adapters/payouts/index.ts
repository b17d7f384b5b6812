import { createLocalPayoutProvider } from './local';
import type { PayoutProvider } from './provider';

export type {
  PayoutDestination,
  PayoutProvider,
  PayoutProviderName,
  PayoutTransferRequest,
  PayoutTransferResult,
} from './provider';

/** The local provider records payouts; a Stripe Connect provider will be chosen here when built. */
export function createPayoutProvider(): PayoutProvider {
  return createLocalPayoutProvider();
}
