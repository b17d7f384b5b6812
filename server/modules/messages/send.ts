import { and, eq, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../../common/errors';
import type { Role } from '../../../common/rules/roles';
import type {
  SendMessageRequest,
  SendMessageResponse,
  SendRefusal,
} from '../../../common/schemas/messages';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { findPeer } from './chat-users.read-model';
import { lockConversation } from './conversations';
import { sendRefusalFor } from './policy';
import { presentMessage } from './presenter';
import { conversationParticipants, messages, type MessageRow } from './tables';

type Viewer = { id: string; role: Role };

/** The 403 answer for each reason the who-may-message rule gives. */
const REFUSAL_CODE = {
  blockedByMe: 'message_blocked_by_me',
  blockedMe: 'message_blocked_me',
  notAllowed: 'message_not_allowed',
} as const satisfies Record<SendRefusal, ErrorCode>;

async function findByClientId(db: Db, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/** A retried send answers the message its first try stored; another message's id is a 409. */
function replayOf(stored: MessageRow, conversationId: string | null, text: string): MessageRow {
  if (
    (conversationId !== null && stored.conversationId !== conversationId) ||
    stored.text !== text
  ) {
    throw fail('client_id_reused');
  }
  return stored;
}

/**
 * POST /api/v1/messages/{userId}: stores one message from the viewer to the person, with its
 * `message.created` event for both of their sockets. The text arrives trimmed and within the
 * limit (SendMessageRequest). The same `clientId` again answers the stored message (`created:
 * false`), also under concurrent retries: the unique (sender, clientId) index decides.
 */
export async function sendMessage(
  db: Database,
  viewer: Viewer,
  rawPeerId: string,
  body: SendMessageRequest,
  meta: EventMeta,
): Promise<SendMessageResponse & { created: boolean }> {
  authorize(viewer, 'message.send');
  const peer = await findPeer(db, viewer, rawPeerId);
  const [earlier, refusal] = await Promise.all([
    findByClientId(db, viewer.id, body.clientId),
    sendRefusalFor(db, viewer, peer, meta.at),
  ]);
  // A retry of a send that went through answers it, even if the rule would refuse it now.
  if (earlier) {
    const stored = replayOf(earlier, null, body.text);
    const [mine] = await db
      .select({ peerId: conversationParticipants.peerId })
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.userId, viewer.id),
          eq(conversationParticipants.conversationId, stored.conversationId),
        ),
      );
    if (mine?.peerId !== peer.id) throw fail('client_id_reused');
    return { message: presentMessage(stored, viewer.id), created: false };
  }
  if (refusal) throw fail(REFUSAL_CODE[refusal]);

  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, viewer.id, peer.id, meta.at);
    const [inserted] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId: viewer.id,
        text: body.text,
        clientId: body.clientId,
        createdAt: meta.at,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // A concurrent try of the same send committed first (it held the conversation lock).
      const stored = await findByClientId(tx, viewer.id, body.clientId);
      if (!stored) throw new Error('message neither inserted nor found');
      return {
        message: presentMessage(replayOf(stored, conversation.id, body.text), viewer.id),
        created: false,
      };
    }
    // One statement for both sides: answering means the sender has read everything up to their
    // own message (the conversation is locked: nothing newer exists); the recipient has one
    // more to read.
    const isSender = sql`${conversationParticipants.userId} = ${viewer.id}::uuid`;
    await tx
      .update(conversationParticipants)
      .set({
        lastMessageId: inserted.id,
        lastReadMessageId: sql`case when ${isSender} then ${inserted.id}::bigint
          else ${conversationParticipants.lastReadMessageId} end`,
        hasWritten: sql`${conversationParticipants.hasWritten} or ${isSender}`,
        unreadCount: sql`case when ${isSender} then 0
          else ${conversationParticipants.unreadCount} + 1 end`,
      })
      .where(eq(conversationParticipants.conversationId, conversation.id));
    await recordEvent(
      tx,
      viewer,
      {
        type: 'message.created',
        subjectId: String(inserted.id),
        data: { conversationId: conversation.id, senderId: viewer.id, recipientId: peer.id },
      },
      meta,
      { audience: [viewer.id, peer.id] },
    );
    return { message: presentMessage(inserted, viewer.id), created: true };
  });
}
