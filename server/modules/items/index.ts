// What other modules may use of items; the items, likes, comments and visits tables are
// written only by this module.
export {
  creatorColumns,
  creatorImage,
  creatorName,
  itemsWithCreators,
  itemViewColumns,
  toItemView,
  viewItemsById,
  type ItemView,
  type ItemViewRow,
  type ItemWithCreator,
  type Viewer,
} from './cards.read-model';
export { newCommentsSinceSql } from './comments-since';
export { setItemHidden } from './hiding';
export {
  commentSummary,
  itemById,
  itemCreatorsOf,
  itemNotDeletedSql,
  itemSummary,
  type CommentSummary,
  type ItemSummary,
} from './item-reads';
export { listedItem, listedItemsOf } from './listing';
export { isListed, maySeeUnlisted } from './policy';
export { postCounters, type PostCounters } from './post-counters';
export { presentFeedPost } from './presenter';
export { itemsRoutes } from './routes';
export { countSaleSql, uncountSaleSql } from './sales-count';
export { publishDueItems } from './scheduling';
export { findVisibleItem, parseItemId } from './service';
export type { ItemRow } from './tables';
