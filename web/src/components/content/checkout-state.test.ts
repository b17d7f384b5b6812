import { describe, expect, it } from 'vitest';
import { readCheckoutState } from '../billing/checkout-state';
import { itemCheckoutState } from './checkout-state';

describe('itemCheckoutState', () => {
  const item = {
    id: 42,
    title: 'Night drive loop',
    priceCents: 1250,
    price: '12,50 €',
    userName: 'Mara Vale',
    userImage: '/media/public/avatar.webp',
    description: 'A warm synth loop.',
    imageUrl: '/media/public/cover.webp',
  };

  it('carries the SPEC §2 checkout state of an item, with the price as a typed amount', () => {
    expect(itemCheckoutState(item)).toEqual({
      productId: 42,
      tier: 'Night drive loop',
      price: 12.5,
      displayPrice: '12,50 €',
      userName: 'Mara Vale',
      userImage: '/media/public/avatar.webp',
      description: 'A warm synth loop.',
      imageUrl: '/media/public/cover.webp',
    });
  });

  it('is a state the checkout page accepts (SPEC §5: tier, price and productId)', () => {
    expect(readCheckoutState(itemCheckoutState(item))).not.toBeNull();
    const withoutImages = itemCheckoutState({ ...item, userImage: null, imageUrl: null });
    expect(readCheckoutState(withoutImages)).toMatchObject({ productId: 42, price: 12.5 });
  });
});
