import type { TFunction } from 'i18next';
import type { Tier } from '../../../../common/rules/tiers';

/**
 * What unlocks a locked item, in words (issue 10): buying it once, a membership tier, or either.
 * Replaces the one-size "Hypr-Aura Required", which was wrong for single purchases.
 */
export function unlockHint(
  t: TFunction,
  item: { priceCents: number; tierRequired: Tier; price?: string },
): string {
  const isSold = item.priceCents > 0;
  const hasTier = item.tierRequired !== 'Aura';
  if (isSold && hasTier) {
    return t('unlock.buyOrTier', { price: item.price ?? '', tier: item.tierRequired });
  }
  if (hasTier) return t('unlock.tierOnly', { tier: item.tierRequired });
  return item.price ? t('unlock.buyOnce', { price: item.price }) : t('unlock.buyOnceShort');
}
