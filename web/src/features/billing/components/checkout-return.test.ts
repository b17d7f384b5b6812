import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../../../common/rules/return-to';
import { checkoutReturnPath, readCheckoutQuery } from './checkout-return';

describe('checkout return path (issue 10)', () => {
  it('names an item checkout by the item id, and reads it back', () => {
    const path = checkoutReturnPath({
      productId: 42,
      tier: 'Night loop',
      price: { cents: 999, currency: 'eur' },
    });
    expect(path).toBe('/checkout?productId=42');
    expect(safeReturnPath(path)).toBe(path);
    expect(readCheckoutQuery(new URL(path, 'http://x').searchParams)).toEqual({
      kind: 'item',
      itemId: 42,
    });
  });

  it('names a membership by creator and tier, and a top-up by the wallet', () => {
    const creatorId = '6b1d2c3e-0000-4000-8000-000000000001';
    const path = checkoutReturnPath({
      productId: creatorId,
      creatorId,
      tier: 'HyprSoul',
      price: { cents: 1500, currency: 'usd' },
    });
    expect(readCheckoutQuery(new URL(path, 'http://x').searchParams)).toEqual({
      kind: 'membership',
      creatorId,
      tier: 'HyprSoul',
      interval: 'month',
    });
    // A yearly plan (issue 43) comes back as one.
    const yearly = checkoutReturnPath({
      productId: creatorId,
      creatorId,
      tier: 'Hypr',
      price: { cents: 5000, currency: 'usd' },
      interval: 'year',
    });
    expect(yearly).toBe(`/checkout?creatorId=${creatorId}&tier=Hypr&interval=year`);
    expect(readCheckoutQuery(new URL(yearly, 'http://x').searchParams)).toMatchObject({
      interval: 'year',
    });
    expect(
      checkoutReturnPath({
        productId: 'topup',
        tier: 'topup',
        price: { cents: 1000, currency: 'eur' },
      }),
    ).toBe('/wallet');
  });

  it('reads nothing from a query that names no checkout', () => {
    for (const query of [
      '',
      'productId=abc',
      'productId=0',
      'creatorId=x&tier=Aura',
      'tier=Hypr',
    ]) {
      expect(readCheckoutQuery(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
