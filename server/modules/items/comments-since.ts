import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { itemComments, items } from '../../db/schema/index';

/**
 * SQL: how many comments others wrote on `creator`'s items after `since` and by `until`
 * (issue 16's daily digest); the creator's own comments do not count. A correlated subquery,
 * so one statement counts for every creator of a query.
 */
export function newCommentsSinceSql(
  creator: SQLWrapper,
  since: SQLWrapper,
  until: Date,
): SQL<number> {
  const item = alias(items, 'commented_item');
  const comment = alias(itemComments, 'new_comment');
  return sql<number>`(select count(*)::int from ${items} ${item}
    join ${itemComments} ${comment} on ${comment.itemId} = ${item.id}
    where ${item.creatorId} = ${creator}
      and ${comment.authorId} <> ${item.creatorId}
      and ${comment.createdAt} > ${since}
      and ${comment.createdAt} <= ${until.toISOString()}::timestamptz)`;
}
