import type { PaymentsProvider } from '../../adapters/payments/provider';
import type { Config } from '../../config';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail, HttpError } from '../../http/errors';
import type { MediaUrls } from '../media/index';
import type { FulfilContext } from './fulfilment';

export interface BillingDeps {
  db: Database;
  config: Config;
  clock: Clock;
  provider: PaymentsProvider;
  media: MediaUrls;
}

export function fulfilContext(deps: BillingDeps, meta: EventMeta): FulfilContext {
  const provider = deps.provider.name;
  if (provider === 'none') throw fail('payments_not_configured');
  return {
    provider,
    feePercent: deps.config.PLATFORM_FEE_PERCENT,
    meta,
    endTrialNow: (subscriptionId) =>
      callProvider(() =>
        deps.provider.endTrialNow({
          subscriptionId,
          idempotencyKey: `aura:end-trial:${subscriptionId}`,
        }),
      ),
  };
}

/** Provider outages are answered 502, not 500: the request was fine, the provider was not. */
export async function callProvider<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw fail('payment_provider_unreachable');
  }
}
