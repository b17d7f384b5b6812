import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/index';
import { blocksViewerSql } from './policy';
import { conversationParticipants, messages } from './tables';

/**
 * SQL: how many messages `recipient` has not read yet that arrived after `since` and by
 * `until` (issue 16's daily digest). Counted as the header badge counts (unreadTotal): from
 * active people who do not block the recipient. A correlated subquery, so one statement counts
 * for every recipient of a query.
 */
export function unreadMessagesSinceSql(
  recipient: SQLWrapper,
  since: SQLWrapper,
  until: Date,
): SQL<number> {
  // Its own name: the outer query may read `users` too (the recipient's row).
  const peer = alias(users, 'unread_peer');
  const mine = alias(conversationParticipants, 'unread_side');
  return sql<number>`(select count(*)::int from ${conversationParticipants} ${mine}
    join ${users} ${peer} on ${peer.id} = ${mine.peerId}
    join ${messages} on ${messages.conversationId} = ${mine.conversationId}
      and ${messages.senderId} = ${mine.peerId}
      and ${messages.id} > coalesce(${mine.lastReadMessageId}, 0)
    where ${mine.userId} = ${recipient}
      and ${mine.unreadCount} > 0
      and ${peer.status} = 'active'
      and not ${blocksViewerSql(recipient, peer.id)}
      and ${messages.createdAt} > ${since}
      and ${messages.createdAt} <= ${until.toISOString()}::timestamptz)`;
}
