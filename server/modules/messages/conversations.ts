import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationParticipants, conversations } from './tables';

/*
 * The pieces every messages call shares: the viewer's side of the conversation with the other
 * person (who they are is chat-users.read-model.ts), and the conversation row that serialises
 * sends.
 */

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
