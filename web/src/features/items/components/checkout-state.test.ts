import { describe, expect, it } from 'vitest';
import { checkoutRequest, readCheckoutState } from '../../billing/components/checkout-state';
import { checkoutReturnPath, readCheckoutQuery } from '../../billing/components/checkout-return';
import { itemCheckoutState } from './checkout-state';

describe('itemCheckoutState', () => {
  const item = {
    id: 42,
    title: 'Night drive loop',
    priceCents: 1250,
    currency: 'eur' as const,
    userName: 'Mara Vale',
    userImage: '/media/public/avatar.webp',
    description: 'A warm synth loop.',
    imageUrl: '/media/public/cover.webp',
  };

  it("carries the SPEC §2 checkout state of an item, with the server's cents and currency", () => {
    expect(itemCheckoutState(item)).toEqual({
      productId: 42,
      tier: 'Night drive loop',
      price: { cents: 1250, currency: 'eur' },
      userName: 'Mara Vale',
      userImage: '/media/public/avatar.webp',
      description: 'A warm synth loop.',
      imageUrl: '/media/public/cover.webp',
    });
  });

  it('is a state the checkout page accepts (SPEC §5: tier, price and productId)', () => {
    expect(readCheckoutState(itemCheckoutState(item))).not.toBeNull();
    const withoutImages = itemCheckoutState({ ...item, userImage: null, imageUrl: null });
    expect(readCheckoutState(withoutImages)).toMatchObject({
      productId: 42,
      price: { cents: 1250, currency: 'eur' },
    });
  });

  it('asks the server for the item, never sending a price back', () => {
    expect(checkoutRequest(itemCheckoutState(item))).toEqual({
      tier: 'Night drive loop',
      productId: 42,
    });
  });
});

describe('checkoutRequest', () => {
  it("names a top-up's chosen amount in cents and a membership by creator and tier", () => {
    const shown = { userName: null, userImage: null, description: null, imageUrl: null };
    expect(
      checkoutRequest({
        ...shown,
        productId: 'topup',
        tier: 'topup',
        price: { cents: 2500, currency: 'eur' },
      }),
    ).toEqual({ tier: 'topup', productId: 'topup', priceCents: 2500 });
    const creatorId = '7f0c7a1e-1f7b-4f43-9a57-0b9ad7c3b0a1';
    expect(
      checkoutRequest({
        ...shown,
        productId: creatorId,
        creatorId,
        tier: 'Hypr',
        price: { cents: 500, currency: 'usd' },
        isMonthly: true,
      }),
    ).toEqual({ tier: 'Hypr', productId: creatorId, creatorId });
  });
});

describe('a pay-what-you-want item (issue 43)', () => {
  const item = {
    id: 7,
    title: 'Tip jar loop',
    priceCents: 300,
    currency: 'eur' as const,
    userName: 'Mara Vale',
    userImage: null,
    description: 'd',
    imageUrl: null,
    payWhatYouWant: {
      minPriceCents: 300,
      suggestedPriceCents: 500,
      minCents: 300,
      maxCents: 300_000,
    },
  };

  it('checks out the chosen amount, else the suggested one, and sends it as `amount`', () => {
    expect(checkoutRequest(itemCheckoutState(item, 1250))).toEqual({
      tier: 'Tip jar loop',
      productId: 7,
      amount: 1250,
    });
    expect(itemCheckoutState(item).price).toEqual({ cents: 500, currency: 'eur' });
    expect(checkoutRequest(itemCheckoutState(item))).toMatchObject({ amount: 500 });
  });

  it('sends no amount for a fixed-price item, whatever is passed', () => {
    const fixed = { ...item, payWhatYouWant: null };
    expect(checkoutRequest(itemCheckoutState(fixed, 1250))).not.toHaveProperty('amount');
  });

  it('keeps the chosen amount across a sign-in (the return path names it)', () => {
    const path = checkoutReturnPath(itemCheckoutState(item, 1250));
    expect(path).toBe('/checkout?productId=7&amount=1250');
    const query = readCheckoutQuery(new URL(path, 'http://x').searchParams);
    expect(query).toEqual({ kind: 'item', itemId: 7, amountCents: 1250 });
  });
});
