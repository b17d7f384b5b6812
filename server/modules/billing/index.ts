// What other modules may use of billing (payments, memberships, the wallet and the ledger).
// Its tables (checkouts, subscriptions, entitlements, wallets, ledger) are written only here.
export { cancelMembershipsOfClosedAccount } from './account-closure';
export { scheduleCheckoutPrune } from './checkout-prune';
export { grantComplimentary, type ComplimentaryGrant } from './complimentary';
export { salesPerDay, type DaySales } from './daily-sales';
export { bookPayout, payableBalances, reversePayout } from './payouts';
export { carriedBalances } from './carried-balances.read-model';
export { startOfUtcMonth } from './periods';
export { presentPurchasedProduct, type CreatorSummary } from './presenter';
export { runRenewals } from './renewals';
export { billingRoutes } from './routes';
export { assertPurchasable, recordSale } from './sales';
export {
  creatorSummaries,
  earningsByCurrency,
  earningsByCurrencySql,
  earningsSince,
  subscriberCount,
  subscriberCountSql,
} from './stats';
export { itemSalesOf, salesByItem } from './item-sales.read-model';
export { walletOf, type WalletDeps } from './wallet';
export { discountRoutes } from './discount-routes';
export { transactionRoutes } from './transaction-routes';
export { walletRoutes } from './wallet-routes';
export { tipRoutes } from './tip-routes';
export { giftRoutes } from './gift-routes';
export { giftMailsOf, type GiftMail } from './gift-booking';
export { billingRealtimePresenters } from './realtime';
export { trialRoutes } from './trial-routes';
export { planRoutes } from './plan-routes';
