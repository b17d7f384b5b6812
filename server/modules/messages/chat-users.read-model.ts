import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { ChatUser } from '../../../common/schemas/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { blockedByViewerSql, blocksViewerSql } from './policy';
import { presentChatUser, type PersonColumns } from './presenter';
import { conversationParticipants, messages } from './tables';

/*
 * Read model of the people of the messages screens (users): who the other person is, a person
 * as a chat user with the viewer's side of their conversation, and the unread badge.
 */

type Viewer = { id: string; role: Role };

export const personColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  givenName: users.givenName,
  familyName: users.familyName,
  profileImage: users.profileImage,
  avatarUrl: users.avatarUrl,
};

export type Peer = PersonColumns & { role: Role };

/**
 * The person a path id names, when the viewer may have a conversation with them: 400 for the
 * viewer themselves, 404 for anything that is not an active account.
 */
export async function findPeer(db: Db, viewer: Viewer, rawId: string): Promise<Peer> {
  if (!isUuid(rawId)) throw fail('user_not_found');
  if (rawId.toLowerCase() === viewer.id.toLowerCase()) throw fail('cannot_message_self');
  const [peer] = await db
    .select({ ...personColumns, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, rawId))
    .limit(1);
  if (!peer || peer.status !== 'active') throw fail('user_not_found');
  return peer;
}

/**
 * Columns of a chat-user row seen by `viewerId`: the person, and (joined on the viewer's side
 * of their conversation, when there is one) the last message and the unread count.
 */
export const chatUserColumns = (viewerId: string) => ({
  ...personColumns,
  unread: sql<number>`coalesce(${conversationParticipants.unreadCount}, 0)::int`,
  lastMessageId: messages.id,
  lastMessageText: messages.text,
  lastMessageSender: messages.senderId,
  lastMessageClientId: messages.clientId,
  lastMessageAt: messages.createdAt,
  blockedByMe: sql<boolean>`${blockedByViewerSql(viewerId, users.id)}`,
});

export interface ChatUserRow extends PersonColumns {
  unread: number;
  lastMessageId: number | null;
  lastMessageText: string | null;
  lastMessageSender: string | null;
  lastMessageClientId: string | null;
  lastMessageAt: Date | null;
  blockedByMe: boolean;
}

export function toChatUser(row: ChatUserRow): ChatUser {
  const hasMessage =
    row.lastMessageId !== null &&
    row.lastMessageText !== null &&
    row.lastMessageSender !== null &&
    row.lastMessageAt !== null;
  return presentChatUser(row, {
    unread: row.unread,
    blockedByMe: row.blockedByMe,
    lastMessage: hasMessage
      ? {
          id: row.lastMessageId!,
          text: row.lastMessageText!,
          senderId: row.lastMessageSender!,
          clientId: row.lastMessageClientId ?? '',
          createdAt: row.lastMessageAt!,
        }
      : null,
  });
}

/** One person as a chat user seen by `viewerId`; null when they are not an active account. */
export async function chatUserFor(
  db: Db,
  viewerId: string,
  personId: string,
): Promise<ChatUser | null> {
  const [row] = await db
    .select(chatUserColumns(viewerId))
    .from(users)
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.userId, viewerId),
        eq(conversationParticipants.peerId, users.id),
      ),
    )
    .leftJoin(messages, eq(messages.id, conversationParticipants.lastMessageId))
    .where(and(eq(users.id, personId), eq(users.status, 'active')))
    .limit(1);
  return row ? toChatUser(row) : null;
}

/**
 * The header badge: unread messages over the viewer's conversations that the inbox shows (the
 * other person active and not blocking the viewer).
 */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${conversationParticipants.unreadCount}), 0)::int` })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.peerId))
    .where(
      and(
        eq(conversationParticipants.userId, userId),
        gt(conversationParticipants.unreadCount, 0),
        eq(users.status, 'active'),
        sql`not ${blocksViewerSql(userId, users.id)}`,
      ),
    );
  return row?.total ?? 0;
}
