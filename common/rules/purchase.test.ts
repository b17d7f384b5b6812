import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isListed, purchaseRefusal, type PurchaseSubject } from './purchase';

const item: PurchaseSubject = {
  status: 'available',
  hidden: false,
  creatorId: 'creator',
  priceCents: 500,
  tierRequired: 'Aura',
  earlyAccessUntil: null,
  currency: 'eur',
};
const NOW = new Date('2031-01-01T00:00:00Z');
const active = { status: 'active' } as const;

describe('purchaseRefusal (one rule for card and balance)', () => {
  it('lets a fan buy a listed, priced item of an active creator', () => {
    expect(purchaseRefusal(item, active, 'fan', false, NOW)).toBeNull();
    expect(purchaseRefusal(item, active, 'fan', false, NOW, 'balance')).toBeNull();
  });

  it('refuses a suspended or deleted creator, and an unavailable item, as not found', () => {
    for (const status of ['suspended', 'deleted'] as const) {
      expect(purchaseRefusal(item, { status }, 'fan', false, NOW)?.code).toBe('not_listed');
    }
    expect(
      purchaseRefusal({ ...item, status: 'unavailable' }, active, 'fan', false, NOW)?.code,
    ).toBe('not_listed');
  });

  it('tells those who hold an item of a suspended creator why it is not for sale', () => {
    const suspended = { status: 'suspended' } as const;
    expect(purchaseRefusal(item, suspended, 'fan', true, NOW)).toEqual({
      code: 'creator_suspended',
      status: 409,
    });
    expect(purchaseRefusal(item, suspended, 'fan', true, NOW, 'balance')?.code).toBe(
      'creator_suspended',
    );
    expect(purchaseRefusal(item, { status: 'deleted' }, 'fan', true, NOW)?.code).toBe('not_listed');
  });

  it('refuses an item hidden by a moderator', () => {
    const hidden = { ...item, hidden: true };
    expect(purchaseRefusal(hidden, active, 'fan', false, NOW)?.code).toBe('not_listed');
    expect(isListed(hidden, active)).toBe(false);
  });

  it('refuses a deleted item by card and by balance, even to someone who never had it', () => {
    const deleted = { ...item, status: 'deleted' } as const;
    expect(isListed(deleted, active)).toBe(false);
    expect(purchaseRefusal(deleted, active, 'fan', false, NOW)?.code).toBe('not_listed');
    expect(purchaseRefusal(deleted, active, 'fan', false, NOW, 'balance')?.code).toBe('not_listed');
  });

  it('refuses own, free, tier-covered and owned items', () => {
    expect(purchaseRefusal(item, active, 'creator', false, NOW)?.code).toBe('own_item');
    expect(purchaseRefusal({ ...item, priceCents: 0 }, active, 'fan', false, NOW)?.code).toBe(
      'free_item',
    );
    expect(
      purchaseRefusal({ ...item, priceCents: 0, tierRequired: 'Hypr' }, active, 'fan', false, NOW)
        ?.code,
    ).toBe('tier_item');
    expect(purchaseRefusal(item, active, 'fan', true, NOW)?.code).toBe('already_owned');
  });

  it('takes only euros from the balance', () => {
    expect(
      purchaseRefusal({ ...item, currency: 'usd' }, active, 'fan', false, NOW, 'balance')?.code,
    ).toBe('wrong_currency');
    expect(
      purchaseRefusal({ ...item, currency: 'usd' }, active, 'fan', false, NOW, 'card'),
    ).toBeNull();
  });

  it('never allows a purchase when any precondition fails', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('available', 'unavailable'),
        fc.constantFrom('active', 'suspended', 'deleted'),
        fc.integer({ min: 0, max: 2000 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (status, creatorStatus, priceCents, isOwn, isEntitled, hidden) => {
          const refusal = purchaseRefusal(
            { ...item, status: status as 'available', priceCents, hidden },
            { status: creatorStatus as 'active' },
            isOwn ? 'creator' : 'fan',
            isEntitled,
            NOW,
          );
          const allowed =
            status === 'available' &&
            !hidden &&
            creatorStatus === 'active' &&
            priceCents > 0 &&
            !isOwn &&
            !isEntitled;
          expect(refusal === null).toBe(allowed);
        },
      ),
    );
  });
});

describe('purchaseRefusal during early access (issue 42)', () => {
  const early = {
    ...item,
    tierRequired: 'Hypr' as const,
    earlyAccessUntil: new Date(NOW.getTime() + 1000),
  };
  it('refuses a purchase until its time and allows it from then on', () => {
    expect(purchaseRefusal(early, active, 'fan', false, NOW)).toMatchObject({
      code: 'early_access',
      status: 409,
    });
    expect(purchaseRefusal(early, active, 'fan', false, new Date(NOW.getTime() + 1000))).toBeNull();
  });
  it('a free early-access item is a tier item until its time, then free', () => {
    const free = { ...early, priceCents: 0 };
    expect(purchaseRefusal(free, active, 'fan', false, NOW)?.code).toBe('tier_item');
    expect(purchaseRefusal(free, active, 'fan', false, new Date(NOW.getTime() + 1000))?.code).toBe(
      'free_item',
    );
  });
});
