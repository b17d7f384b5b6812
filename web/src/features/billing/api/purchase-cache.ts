import type { QueryClient } from '@tanstack/react-query';
import type { PurchasedProduct } from '../../../../../common/schemas/billing';
import type { ItemDetail } from '../../../../../common/schemas/items';
import { billingKeys } from './billing';
import { feedKeys, updateFeedPost } from '../../feed/api/feed';
import { itemKeys } from '../../items/api/items';

/*
 * After a purchase the server's answer carries the bought item as the buyer now sees it. The
 * cached feed card and product page take it from there (no refetch); the wallet, whose balance
 * and history moved, is fetched again; other cached lists that may show the item are only marked
 * stale, so they refresh when next shown. Checkout sessions themselves are left alone.
 */

const isCheckoutSession = (key: readonly unknown[]) =>
  key[0] === billingKeys.all[0] && (key[1] === 'session' || key[1] === 'local-checkout');

const isWallet = (key: readonly unknown[]) =>
  key[0] === billingKeys.wallet[0] && key[1] === billingKeys.wallet[1];

const isPatched = (key: readonly unknown[], id: number) =>
  (key[0] === itemKeys.all[0] && key[1] === id && key.length === 2) ||
  (key[0] === feedKeys.posts[0] && key[1] === feedKeys.posts[1]);

/** An item bought by card or with the balance. */
export async function applyItemPurchase(
  queryClient: QueryClient,
  product: PurchasedProduct,
): Promise<void> {
  const media = {
    isPurchased: product.isPurchased,
    imageSrcSet: product.imageSrcSet,
    videoUrl: product.videoUrl,
    audioUrl: product.audioUrl,
  };
  queryClient.setQueryData<ItemDetail>(itemKeys.detail(product.id), (item) =>
    item
      ? {
          ...item,
          ...media,
          imageUrl: product.imageUrl,
          previewUrl: product.previewUrl,
          abilities: { ...item.abilities, canBuy: false },
        }
      : item,
  );
  // A feed card shows the preview where the product page shows the full picture.
  updateFeedPost(queryClient, product.id, (post) => ({
    ...post,
    ...media,
    imageUrl: product.previewUrl,
    abilities: { ...post.abilities, canBuy: false },
  }));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.wallet }),
    queryClient.invalidateQueries({
      predicate: (query) =>
        !isCheckoutSession(query.queryKey) &&
        !isPatched(query.queryKey, product.id) &&
        !isWallet(query.queryKey),
      refetchType: 'none',
    }),
  ]);
}

/**
 * A membership (or a purchase whose answer has no product): which items it unlocks is the
 * server's rule, so every cached view of items is fetched again.
 */
export function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => !isCheckoutSession(query.queryKey),
  });
}
