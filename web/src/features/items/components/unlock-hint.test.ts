import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { unlockHint } from './unlock-hint';

// The key and its values, so the test reads which wording each item gets.
const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values ? ` ${JSON.stringify(values)}` : ''}`) as unknown as TFunction;

describe('unlockHint (issue 10: say what unlocks the item)', () => {
  it('says "buy once" for a priced item no tier includes', () => {
    expect(unlockHint(t, 'en', { priceCents: 500, currency: 'eur', tierRequired: 'Aura' })).toBe(
      'unlock.buyOnce {"price":"€5.00"}',
    );
  });

  it('names the tier for a members-only item', () => {
    expect(unlockHint(t, 'en', { priceCents: 0, currency: 'eur', tierRequired: 'HyprSoul' })).toBe(
      'unlock.tierOnly {"tier":"HyprSoul"}',
    );
  });

  it('offers both for a priced item a tier also includes', () => {
    expect(unlockHint(t, 'de', { priceCents: 900, currency: 'eur', tierRequired: 'Hypr' })).toBe(
      'unlock.buyOrTier {"price":"9,00\u00a0€","tier":"Hypr"}',
    );
  });
});
