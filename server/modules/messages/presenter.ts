import { avatarOf, displayNameOf } from '../../../common/rules/display-name';
import {
  MESSAGE_PREVIEW_LENGTH,
  type ChatUser,
  type DirectMessage,
  type MessagePreview,
} from '../../../common/schemas/messages';
import type { MessageRow } from './tables';

/** The person columns a chat user is drawn from. */
export interface PersonColumns {
  id: string;
  username: string;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  profileImage: string | null;
  avatarUrl: string | null;
}

type StoredMessage = Pick<MessageRow, 'id' | 'text' | 'senderId' | 'clientId' | 'createdAt'>;

/**
 * SPEC §3 direct-chat message as `viewerId` sees it: the text exactly as stored (plain text; the
 * web renders it as text). The client id goes back to its sender only, so their tab can match
 * its pending copy; the recipient has no use for it.
 */
export const presentMessage = (row: StoredMessage, viewerId: string): DirectMessage => ({
  id: String(row.id),
  text: row.text,
  sender: row.senderId,
  timestamp: row.createdAt.toISOString(),
  clientId: row.senderId === viewerId ? row.clientId : null,
});

/** The inbox's one-line preview: the first characters, on code point boundaries. */
export function presentPreview(row: StoredMessage): MessagePreview {
  const chars = Array.from(row.text);
  const text =
    chars.length > MESSAGE_PREVIEW_LENGTH
      ? `${chars.slice(0, MESSAGE_PREVIEW_LENGTH - 1).join('')}…`
      : row.text;
  return {
    id: String(row.id),
    text,
    sender: row.senderId,
    timestamp: row.createdAt.toISOString(),
  };
}

/** SPEC §3 direct-chat user (id, name, avatar) with the viewer's side of their conversation. */
export const presentChatUser = (
  person: PersonColumns,
  side: { lastMessage: StoredMessage | null; unread: number; blockedByMe: boolean },
): ChatUser => ({
  id: person.id,
  name: displayNameOf(person),
  avatar: avatarOf(person),
  username: person.username,
  lastMessage: side.lastMessage ? presentPreview(side.lastMessage) : null,
  unread: side.unread,
  blockedByMe: side.blockedByMe,
});
