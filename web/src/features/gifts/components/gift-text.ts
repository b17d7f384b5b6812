import type { TFunction } from 'i18next';
import type { PublicGift } from '../../../../../common/schemas/gifts';

/** What a gift gives, in the reader's words (the redeem page and the giver's list). */
export function giftText(
  t: TFunction,
  gift: Pick<PublicGift, 'kind' | 'item' | 'tier' | 'months' | 'creator'>,
): string {
  const creator = gift.creator?.displayName ?? '';
  return gift.kind === 'item'
    ? t('gifts.whatItem', { title: gift.item?.title ?? '', creator })
    : t('gifts.whatMembership', { count: gift.months ?? 1, tier: gift.tier ?? '', creator });
}
