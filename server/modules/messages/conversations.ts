import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { ChatUser } from '../../../common/schemas/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { blockedByViewerSql, blocksViewerSql } from './policy';
import { presentChatUser, type PersonColumns } from './presenter';
import { conversationParticipants, conversations, messages } from './tables';

/*
 * The pieces every messages call shares: who the other person is, the viewer's side of the
 * conversation with them, and the conversation row that serialises sends.
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

/** The viewer's side of the conversation with `peerId`, or null before the first message. */
export async function participantOf(db: Db, userId: string, peerId: string) {
  const [row] = await db
    .select()
    .from(conversationParticipants)
    .where(
      and(eq(conversationParticipants.userId, userId), eq(conversationParticipants.peerId, peerId)),
    )
    .limit(1);
  return row ?? null;
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

/**
 * The conversation of two people, made on first use with both their sides, and locked for the
 * rest of the caller's transaction: sends and read marks of one conversation take turns, so
 * message ids grow in commit order and unread counts never miss a message.
 */
export async function lockConversation(
  tx: Db,
  a: string,
  b: string,
  at: Date,
): Promise<{ id: string }> {
  const [userLow, userHigh] = a < b ? [a, b] : [b, a];
  const lock = () =>
    tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)))
      .for('update');
  // Usually the conversation exists: one round trip.
  const [existing] = await lock();
  if (existing) return existing;
  await tx
    .insert(conversations)
    .values({ userLow, userHigh, createdAt: at })
    .onConflictDoNothing({ target: [conversations.userLow, conversations.userHigh] });
  const [conversation] = await lock();
  if (!conversation) throw new Error('conversation neither inserted nor found');
  await tx
    .insert(conversationParticipants)
    .values([
      { conversationId: conversation.id, userId: a, peerId: b },
      { conversationId: conversation.id, userId: b, peerId: a },
    ])
    .onConflictDoNothing();
  return conversation;
}
