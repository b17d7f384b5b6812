import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { presentAbilities } from '../../../common/rules/permissions';
import type { Role } from '../../../common/rules/roles';
import type {
  MarkReadRequest,
  MarkReadResponse,
  MessageHistory,
  MessageHistoryQuery,
} from '../../../common/schemas/messages';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { chatUserFor, findPeer, unreadTotal } from './chat-users.read-model';
import { lockConversation, participantOf } from './conversations';
import { sendRefusalFor } from './policy';
import { presentMessage } from './presenter';
import { conversationParticipants, messages } from './tables';

type Viewer = { id: string; role: Role };

/**
 * GET /api/v1/messages/{userId}: the viewer's conversation with that person, newest page first
 * and newest message first, paged by keyset on the message id (`before`). Only ever the
 * viewer's own conversation: the path names the other person, never a conversation id.
 */
export async function getHistory(
  db: Database,
  viewer: Viewer,
  rawPeerId: string,
  query: MessageHistoryQuery,
  now: Date,
): Promise<MessageHistory> {
  authorize(viewer, 'message.send');
  const peer = await findPeer(db, viewer, rawPeerId);
  const [mine, theirs, chatUser, refusal] = await Promise.all([
    participantOf(db, viewer.id, peer.id),
    participantOf(db, peer.id, viewer.id),
    chatUserFor(db, viewer.id, peer.id),
    sendRefusalFor(db, viewer, peer, now),
  ]);
  if (!chatUser) throw fail('user_not_found');
  const rows = mine
    ? await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, mine.conversationId),
            query.before === undefined ? undefined : lt(messages.id, Number(query.before)),
          ),
        )
        // Keyset: a backward seek on (conversation_id, id), whatever the history's length.
        .orderBy(desc(messages.id))
        .limit(query.limit + 1)
    : [];
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1);
  return {
    peer: chatUser,
    messages: page.map((row) => presentMessage(row, viewer.id)),
    nextBefore: rows.length > query.limit && oldest ? String(oldest.id) : null,
    peerReadUpTo: theirs?.lastReadMessageId ? String(theirs.lastReadMessageId) : null,
    abilities: presentAbilities(viewer, {
      canMessage: { permission: 'message.send', when: refusal === null },
      canBlock: 'user.block',
      canReport: 'report.create',
    }),
    sendRefusal: refusal,
  };
}

/**
 * POST /api/v1/messages/{userId}/read: the viewer has read the conversation up to a message of
 * it. Read marks only move forward; the unread count is what the other person sent after it.
 */
export async function markRead(
  db: Database,
  viewer: Viewer,
  rawPeerId: string,
  body: MarkReadRequest,
  meta: EventMeta,
): Promise<MarkReadResponse> {
  authorize(viewer, 'message.send');
  const peer = await findPeer(db, viewer, rawPeerId);
  const mine = await participantOf(db, viewer.id, peer.id);
  if (!mine) throw fail('conversation_not_found');
  const upTo = Number(body.upTo);
  const [target] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, upTo), eq(messages.conversationId, mine.conversationId)))
    .limit(1);
  if (!target) throw fail('message_not_in_conversation', undefined, { field: 'upTo' });

  return db.transaction(async (tx) => {
    // Taken after any send in flight commits, so the count below sees every message.
    await lockConversation(tx, viewer.id, peer.id, meta.at);
    const readUpTo = sql`greatest(coalesce(${conversationParticipants.lastReadMessageId}, 0), ${upTo}::bigint)`;
    const [before] = await tx
      .select({ lastRead: conversationParticipants.lastReadMessageId })
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.userId, viewer.id),
          eq(conversationParticipants.conversationId, mine.conversationId),
        ),
      );
    const [after] = await tx
      .update(conversationParticipants)
      .set({
        lastReadMessageId: readUpTo,
        unreadCount: sql`(select count(*)::int from ${messages}
          where ${messages.conversationId} = ${mine.conversationId}
          and ${messages.senderId} = ${peer.id} and ${gt(messages.id, readUpTo)})`,
      })
      .where(
        and(
          eq(conversationParticipants.userId, viewer.id),
          eq(conversationParticipants.conversationId, mine.conversationId),
        ),
      )
      .returning({
        lastRead: conversationParticipants.lastReadMessageId,
        unread: conversationParticipants.unreadCount,
      });
    if (!after?.lastRead) throw new Error('read mark not stored');
    if (after.lastRead !== before?.lastRead) {
      await recordEvent(
        tx,
        viewer,
        {
          type: 'message.read',
          subjectId: mine.conversationId,
          data: {
            conversationId: mine.conversationId,
            readerId: viewer.id,
            upToMessageId: String(after.lastRead),
          },
        },
        meta,
        { audience: [viewer.id, peer.id] },
      );
    }
    return {
      readUpTo: String(after.lastRead),
      unread: after.unread,
      unreadTotal: await unreadTotal(tx, viewer.id),
    };
  });
}
