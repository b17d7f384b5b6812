import { eq } from 'drizzle-orm';
import type { PublishedEvent } from '../../../common/events';
import type { Database } from '../../db/client';
import { clientEventHeader, type Delivery, type RealtimePresenters } from '../../realtime/index';
import { chatUserFor, unreadTotal } from './chat-users.read-model';
import { presentMessage } from './presenter';
import { messages } from './tables';

/*
 * What the socket carries for direct messages (common/realtime.ts ClientEventMap). Each person
 * receives the message as they see it (the client id only to its sender), their own inbox row
 * with that person and their own unread total; nobody receives someone else's.
 */

/** The inbox row of `userId` with `peerId` and their badge total, after `published`. */
async function conversationUpdate(
  db: Database,
  published: PublishedEvent,
  userId: string,
  peerId: string,
): Promise<Delivery | null> {
  const [conversation, total] = await Promise.all([
    chatUserFor(db, userId, peerId),
    unreadTotal(db, userId),
  ]);
  if (!conversation) return null;
  return {
    userId,
    event: {
      type: 'conversation.updated',
      ...clientEventHeader(published),
      data: { conversation, unreadTotal: total },
    },
  };
}

const present = (deliveries: (Delivery | null)[]): Delivery[] =>
  deliveries.filter((d): d is Delivery => d !== null);

export const messageRealtimePresenters = (db: Database): RealtimePresenters => ({
  'message.created': async (published, recipients) => {
    const { senderId, recipientId } = published.event.data;
    const peerOf = (userId: string) => (userId === senderId ? recipientId : senderId);
    // Everything at once: the message, and each recipient's inbox row and badge.
    const [[row], updates] = await Promise.all([
      db
        .select()
        .from(messages)
        .where(eq(messages.id, Number(published.event.subjectId)))
        .limit(1),
      Promise.all(
        recipients.map((userId) => conversationUpdate(db, published, userId, peerOf(userId))),
      ),
    ]);
    if (!row) return [];
    const created = recipients.map((userId): Delivery => ({
      userId,
      event: {
        type: 'message.created',
        ...clientEventHeader(published),
        data: { peerId: peerOf(userId), message: presentMessage(row, userId) },
      },
    }));
    return [...created, ...present(updates)];
  },

  'message.read': async (published, recipients) => {
    const { readerId, upToMessageId } = published.event.data;
    const peerOfReader = published.audience.find((id) => id !== readerId);
    if (!peerOfReader) return [];
    const perRecipient = await Promise.all(
      recipients.map(async (userId) => {
        const peerId = userId === readerId ? peerOfReader : readerId;
        const read: Delivery = {
          userId,
          event: {
            type: 'message.read',
            ...clientEventHeader(published),
            data: { peerId, readerId, upToMessageId },
          },
        };
        // The reader's unread count and badge changed; the other side's did not.
        return userId === readerId
          ? [read, await conversationUpdate(db, published, userId, peerId)]
          : [read];
      }),
    );
    return present(perRecipient.flat());
  },

  // The blocker's other tabs learn that the conversation is blocked (or open again).
  'user.blocked': async (published, recipients) =>
    present(
      await Promise.all(
        recipients.map((userId) =>
          conversationUpdate(db, published, userId, published.event.data.blockedId),
        ),
      ),
    ),
  'user.unblocked': async (published, recipients) =>
    present(
      await Promise.all(
        recipients.map((userId) =>
          conversationUpdate(db, published, userId, published.event.data.blockedId),
        ),
      ),
    ),
});
