import type { CheckoutState } from '../billing/checkout-state';

export interface CheckoutSource {
  id: number;
  title: string;
  priceCents: number;
  /** The price as the post shows it (`15,00 €`). */
  price: string;
  userName: string;
  userImage: string | null;
  description: string;
  imageUrl: string | null;
}

/**
 * The navigation state /checkout reads for one item (SPEC §2): productId, tier (the item's
 * title), price, the creator's real name and image, description and the public preview image.
 * The price goes as the typed amount (euros); the euro string is only what the button shows.
 */
export function itemCheckoutState(item: CheckoutSource): CheckoutState {
  return {
    productId: item.id,
    tier: item.title,
    price: item.priceCents / 100,
    displayPrice: item.price,
    userName: item.userName,
    userImage: item.userImage,
    description: item.description,
    imageUrl: item.imageUrl,
  };
}
