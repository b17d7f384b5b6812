import type { TFunction } from 'i18next';
import { formatMoney } from '../../../../../common/rules/money';
import type { Tier } from '../../../../../common/rules/tiers';

/**
 * What unlocks a locked item, in words (issue 10): buying it once, a membership tier, or either.
 * Replaces the one-size "Hypr-Aura Required", which was wrong for single purchases.
 */
export function unlockHint(
  t: TFunction,
  locale: string,
  item: { priceCents: number; currency: string; tierRequired: Tier },
): string {
  const isSold = item.priceCents > 0;
  const hasTier = item.tierRequired !== 'Aura';
  const price = isSold ? formatMoney(item.priceCents, item.currency, locale) : '';
  if (isSold && hasTier) return t('unlock.buyOrTier', { price, tier: item.tierRequired });
  if (hasTier) return t('unlock.tierOnly', { tier: item.tierRequired });
  return isSold ? t('unlock.buyOnce', { price }) : t('unlock.buyOnceShort');
}
