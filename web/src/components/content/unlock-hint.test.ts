import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { unlockHint } from './unlock-hint';

// The key and its values, so the test reads which wording each item gets.
const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values ? ` ${JSON.stringify(values)}` : ''}`) as unknown as TFunction;

describe('unlockHint (issue 10: say what unlocks the item)', () => {
  it('says "buy once" for a priced item no tier includes', () => {
    expect(unlockHint(t, { priceCents: 500, tierRequired: 'Aura', price: '5,00 €' })).toBe(
      'unlock.buyOnce {"price":"5,00 €"}',
    );
  });

  it('names the tier for a members-only item', () => {
    expect(unlockHint(t, { priceCents: 0, tierRequired: 'HyprSoul' })).toBe(
      'unlock.tierOnly {"tier":"HyprSoul"}',
    );
  });

  it('offers both for a priced item a tier also includes', () => {
    expect(unlockHint(t, { priceCents: 900, tierRequired: 'Hypr', price: '9,00 €' })).toBe(
      'unlock.buyOrTier {"price":"9,00 €","tier":"Hypr"}',
    );
  });
});
