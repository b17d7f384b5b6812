import type { Currency } from '../../../../../common/rules/money';
import type { PwywOffer } from '../../../../../common/schemas/items';
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
  /** Issue 43: the fan chooses the amount (an item page's answer has it; a card's does not). */
  payWhatYouWant?: PwywOffer | null;
}

/**
 * The navigation state /checkout reads for one item (SPEC §2): productId, tier (the item's
 * title), price, the creator's real name and image, description and the public preview image.
 * The price is the item's cents and currency as the server sent them: never text read back. A
 * pay-what-you-want item's is the amount the fan chose (`amountCents`, else the suggested one),
 * which the checkout sends as its `amount` and the server checks against its own bounds.
 */
export function itemCheckoutState(item: CheckoutSource, amountCents?: number): CheckoutState {
  const amount = item.payWhatYouWant
    ? (amountCents ?? item.payWhatYouWant.suggestedPriceCents)
    : undefined;
  return {
    productId: item.id,
    tier: item.title,
    price: { cents: amount ?? item.priceCents, currency: item.currency },
    ...(amount === undefined ? {} : { amountCents: amount }),
    userName: item.userName,
    userImage: item.userImage,
    description: item.description,
    imageUrl: item.imageUrl,
  };
}
