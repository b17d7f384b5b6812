/*
 * The access layer (docs/architecture.md "Access, below the features"): the questions almost
 * every module asks about people and items, each answered once, in TypeScript and in SQL.
 * It imports no feature module, so every feature may import it.
 */
export {
  hasCreatorRole,
  hasCreatorRoleSql,
  isCreator,
  isCreatorNow,
  isCreatorSql,
} from './creator.read-model';
export {
  canViewItem,
  isOpenToAll,
  isOpenToAllAlways,
  isViewableWith,
  viewableItemIds,
  type EntitlementRow,
  type EntitlementSubject,
  type ItemSubject,
} from './item-visibility';
export {
  buyersByItem,
  holdsMembershipSql,
  isSubscribed,
  membershipTier,
  viewerEntitlementsSql,
} from './entitlements.read-model';
export { qualified } from './qualified';
export { inEarlyAccess, lockTier, lockTierSql } from './early-access';
