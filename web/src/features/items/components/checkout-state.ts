import type { Currency } from '../../../../../common/rules/money';
import type { CheckoutState } from '../../billing/components/checkout-state';

export interface CheckoutSource {
  id: number;
  title: string;
  priceCents: number;
  currency: Currency;
  userName: string;
  userImage: string | null;
  description: string;
  imageUrl: string | null;
}

/**
 * The navigation state /checkout reads for one item (SPEC §2): productId, tier (the item's
 * title), price, the creator's real name and image, description and the public preview image.
 * The price is the item's cents and currency as the server sent them: never text read back.
 */
export function itemCheckoutState(item: CheckoutSource): CheckoutState {
  return {
    productId: item.id,
    tier: item.title,
    price: { cents: item.priceCents, currency: item.currency },
    userName: item.userName,
    userImage: item.userImage,
    description: item.description,
    imageUrl: item.imageUrl,
  };
}
