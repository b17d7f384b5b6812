import { useTranslation } from 'react-i18next';
import { useItem } from '../../items/api/items';
import { usePublicProfile } from '../../profiles/api/profiles';
import { membershipCheckoutState, type CheckoutQuery } from './checkout-return';
import type { CheckoutState } from './checkout-state';
import { itemCheckoutState } from '../../items/components/checkout-state';
import { useCreatorPlans } from '../api/plans';
import { periodPriceCents } from './plan-price';

/**
 * The checkout state a /checkout query names, rebuilt from the server (issue 10): the same state
 * the product page or the tier card would have sent. Null once the item or creator is not found.
 */
export function useQueriedCheckoutState(query: CheckoutQuery): {
  isPending: boolean;
  state: CheckoutState | null;
} {
  const { t } = useTranslation();
  const item = useItem(query.kind === 'item' ? query.itemId : null);
  const profile = usePublicProfile(query.kind === 'membership' ? query.creatorId : '', {
    enabled: query.kind === 'membership',
  });
  // A yearly plan's price is the creator's (issue 43), read by their username.
  const plans = useCreatorPlans(
    query.kind === 'membership' && query.interval === 'year' ? profile.data?.username : undefined,
  );
  if (query.kind === 'item') {
    if (item.isPending) return { isPending: true, state: null };
    return {
      isPending: false,
      state: item.data ? itemCheckoutState(item.data, query.amountCents) : null,
    };
  }
  if (profile.isPending) return { isPending: true, state: null };
  const creator = profile.data;
  const isYearly = query.kind === 'membership' && query.interval === 'year';
  if (creator && isYearly && plans.isPending) return { isPending: true, state: null };
  return {
    isPending: false,
    state: creator
      ? membershipCheckoutState(
          t,
          { id: creator.id, name: creator.fullName, image: creator.avatar },
          query.tier,
          isYearly ? { cents: periodPriceCents(query.tier, 'year', plans.data) } : undefined,
        )
      : null,
  };
}
