import type { QueryClient } from '@tanstack/react-query';
import { billingKeys } from './billing';

/**
 * After a purchase (card or balance) every cached view of items may be stale: the feed, product
 * pages, the dashboard and the wallet. They refetch so posts unlock from the server's answer
 * rather than from a local flag. Checkout sessions themselves are left alone.
 */
export function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [scope, kind] = query.queryKey;
      return !(scope === billingKeys.all[0] && (kind === 'session' || kind === 'local-checkout'));
    },
  });
}
