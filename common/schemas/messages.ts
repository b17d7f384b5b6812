import { z } from 'zod';

/*
 * Direct messages (issue 11; SPEC §3 "Direct chat: user (id, name, avatar) and message (text,
 * sender, timestamp)"). The same schemas validate the server's input and answers, the web's
 * forms and cache, and the frames the realtime socket carries (common/realtime.ts).
 */

/** Longest message, in characters after trimming. */
export const MESSAGE_MAX_LENGTH = 2000;
/** SPEC §9: 20 direct-chat users a page. */
export const CHAT_USERS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 100;
/** Characters of the last message the inbox shows. */
export const MESSAGE_PREVIEW_LENGTH = 140;
export const CHAT_SEARCH_MAX_LENGTH = 50;

/** Message ids are decimal text (bigint in the database). */
export const MessageId = z.string().regex(/^[1-9]\d{0,17}$/, 'Invalid message id');

/** SPEC §3 direct-chat message. `clientId` is only handed back to the message's sender. */
export const DirectMessage = z.object({
  id: MessageId,
  text: z.string(),
  /** The sender's user id. */
  sender: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  clientId: z.string().nullable(),
});
export type DirectMessage = z.infer<typeof DirectMessage>;

/** The inbox's last message: its text cut to a preview. */
export const MessagePreview = DirectMessage.omit({ clientId: true });
export type MessagePreview = z.infer<typeof MessagePreview>;

/**
 * SPEC §3 direct-chat user (id, name, avatar), plus what the inbox and the chat panel show
 * about the conversation with them.
 */
export const ChatUser = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  username: z.string(),
  lastMessage: MessagePreview.nullable(),
  /** Messages from this person the viewer has not read. */
  unread: z.number().int().nonnegative(),
  /** The viewer blocked this person: nothing can be sent either way until they unblock. */
  blockedByMe: z.boolean(),
});
export type ChatUser = z.infer<typeof ChatUser>;

export const ChatUsersQuery = z.object({
  /** Part of a username or display name, any letter case; unset lists the conversations. */
  q: z.string().trim().max(CHAT_SEARCH_MAX_LENGTH).optional(),
  /** The previous page's nextCursor (opaque). */
  cursor: z.string().max(200).optional(),
});
export type ChatUsersQuery = z.infer<typeof ChatUsersQuery>;

/** GET /api/v1/messages/users: 20 a page, keyset-paged. */
export const ChatUsersPage = z.object({
  users: z.array(ChatUser),
  nextCursor: z.string().nullable(),
});
export type ChatUsersPage = z.infer<typeof ChatUsersPage>;

export const MessageHistoryQuery = z.object({
  /** The id of the oldest message already shown: the page holds the messages before it. */
  before: MessageId.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});
export type MessageHistoryQuery = z.infer<typeof MessageHistoryQuery>;

/** What the viewer may do in a conversation, as the server decides it. */
export const ConversationAbilities = z.object({
  canMessage: z.boolean(),
  canBlock: z.boolean(),
  canReport: z.boolean(),
});
export type ConversationAbilities = z.infer<typeof ConversationAbilities>;

/**
 * Why sending is refused, for the panel's notice: the viewer blocked them, they blocked the
 * viewer, or the who-may-message rule (docs/features.md) does not allow it. Null when sending is allowed.
 */
export const SEND_REFUSALS = ['blockedByMe', 'blockedMe', 'notAllowed'] as const;
export type SendRefusal = (typeof SEND_REFUSALS)[number];

/** GET /api/v1/messages/{userId}: newest page first, each page newest message first. */
export const MessageHistory = z.object({
  peer: ChatUser,
  messages: z.array(DirectMessage),
  /** Pass as `before` for the next (older) page; null when this page reaches the first message. */
  nextBefore: MessageId.nullable(),
  /** The newest of the viewer's messages the peer has read, for a "seen" mark. */
  peerReadUpTo: MessageId.nullable(),
  abilities: ConversationAbilities,
  sendRefusal: z.enum(SEND_REFUSALS).nullable(),
});
export type MessageHistory = z.infer<typeof MessageHistory>;

/** POST /api/v1/messages/{userId}. `clientId` makes a retried send store one message. */
export const SendMessageRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Message text is required')
    .max(MESSAGE_MAX_LENGTH, `Messages have at most ${MESSAGE_MAX_LENGTH} characters`),
  clientId: z.string().regex(/^[\w-]{8,64}$/, 'clientId must be 8 to 64 letters, digits, - or _'),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/** 201 for a new message, 200 when the clientId was sent before (the stored message). */
export const SendMessageResponse = z.object({ message: DirectMessage });
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

/** POST /api/v1/messages/{userId}/read: the conversation is read up to this message. */
export const MarkReadRequest = z.object({ upTo: MessageId });
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

export const UnreadSummary = z.object({
  /** Unread messages over all of the viewer's conversations (the header badge). */
  total: z.number().int().nonnegative(),
});
export type UnreadSummary = z.infer<typeof UnreadSummary>;

export const MarkReadResponse = z.object({
  readUpTo: MessageId,
  unread: z.number().int().nonnegative(),
  unreadTotal: z.number().int().nonnegative(),
});
export type MarkReadResponse = z.infer<typeof MarkReadResponse>;
