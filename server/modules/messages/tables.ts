import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/*
 * Direct messages (issue 11). Every read is a keyset seek on an index, so a page costs the same
 * with ten messages or ten million:
 *   - a conversation's history: messages (conversation_id, id desc), `before` an id;
 *   - the inbox: conversation_participants (user_id, last_message_id desc), `before` an id.
 * Message ids grow in commit order within a conversation (sending locks the conversation row
 * before the id is drawn), so paging by id returns every message exactly once. The indexes are
 * ascending and read backwards for "newest first" (`order by id desc`, nulls first, is exactly
 * the backward order of an ascending index).
 */

/** One conversation per pair of people; `user_low` < `user_high` makes the pair unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userLow, t.userHigh),
    index('conversations_high_idx').on(t.userHigh),
    check('conversations_ordered_pair', sql`${t.userLow} < ${t.userHigh}`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** Plain text, at most 2,000 characters (checked by the schema and by the database). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The sender's id for this send: a retried POST finds the message it stored before. */
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    check('messages_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/**
 * Each person's side of a conversation: their inbox row (ordered by its last message) and
 * their read state (read up to a message; the count of what came after from the other side).
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peerId: uuid('peer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the first message: an opened but empty conversation is not in the inbox. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** This person has sent a message here: the other may always answer (docs/features.md rule). */
    hasWritten: boolean('has_written').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    uniqueIndex('conversation_participants_peer_idx').on(t.userId, t.peerId),
    index('conversation_participants_inbox_idx')
      .on(t.userId, t.lastMessageId)
      .where(sql`${t.lastMessageId} is not null`),
    check('conversation_participants_unread', sql`${t.unreadCount} >= 0`),
  ],
);
export type ParticipantRow = typeof conversationParticipants.$inferSelect;
