// What other modules may use of billing (payments, memberships, the wallet and the ledger).
// Its tables (checkouts, subscriptions, entitlements, wallets, ledger) are written only here.
export { canViewItem, isFreeItem, viewableItemIds, type EntitlementSubject } from './entitlements';
export { presentPurchasedProduct, type CreatorSummary } from './presenter';
export { runRenewals } from './renewals';
export { billingRoutes } from './routes';
export { assertPurchasable, recordSale } from './sales';
export {
  buyersByItem,
  creatorSummaries,
  earningsByCurrency,
  isSubscribed,
  membershipTier,
  salesByItem,
  subscriberCount,
} from './stats';
export { walletRoutes } from './wallet-routes';
