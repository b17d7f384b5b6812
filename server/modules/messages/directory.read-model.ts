import { and, desc, eq, gt, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import {
  CHAT_USERS_PAGE_SIZE,
  type ChatUsersPage,
  type ChatUsersQuery,
} from '../../../common/schemas/messages';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { chatUserColumns, toChatUser } from './conversations';
import { blocksViewerSql, mayBeMessagedSql } from './policy';
import { conversationParticipants, messages } from './tables';

/*
 * GET /api/v1/messages/users (SPEC §2 user list with search; SPEC §9 20 a page). Both lists page
 * by keyset, never OFFSET: the inbox on the last message id of each conversation (an index
 * seek on (user_id, last_message_id)), the search on the lower-case username (the unique index
 * on lower(username) walks in that order).
 */

type Viewer = { id: string; role: Role };

type Cursor = { kind: 'inbox'; lastMessageId: number } | { kind: 'search'; username: string };

const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(
    cursor.kind === 'inbox' ? `i.${cursor.lastMessageId}` : `s.${cursor.username}`,
  ).toString('base64url');

function decodeCursor(raw: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  const text = Buffer.from(raw, 'base64url').toString();
  const inbox = /^i\.([1-9]\d{0,15})$/.exec(text);
  if (inbox?.[1]) return { kind: 'inbox', lastMessageId: Number(inbox[1]) };
  const search = /^s\.([a-z0-9_]{1,30})$/.exec(text);
  if (search?.[1]) return { kind: 'search', username: search[1] };
  return null;
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listChatUsers(
  db: Db,
  viewer: Viewer,
  query: ChatUsersQuery,
  now: Date,
): Promise<ChatUsersPage> {
  authorize(viewer, 'message.send');
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !cursor)
    throw fail('invalid_cursor', undefined, { field: 'cursor' });
  const q = query.q ?? '';
  if (q === '') {
    if (cursor && cursor.kind !== 'inbox')
      throw fail('invalid_cursor', undefined, { field: 'cursor' });
    return inbox(db, viewer, cursor?.lastMessageId ?? null);
  }
  if (cursor && cursor.kind !== 'search')
    throw fail('invalid_cursor', undefined, { field: 'cursor' });
  return search(db, viewer, q, cursor?.username ?? null, now);
}

/** The viewer's conversations, most recent first, with last message and unread count. */
async function inbox(db: Db, viewer: Viewer, before: number | null): Promise<ChatUsersPage> {
  const rows = await db
    .select({ ...chatUserColumns(viewer.id), position: conversationParticipants.lastMessageId })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.peerId))
    .innerJoin(messages, eq(messages.id, conversationParticipants.lastMessageId))
    .where(
      and(
        eq(conversationParticipants.userId, viewer.id),
        isNotNull(conversationParticipants.lastMessageId),
        before === null ? undefined : lt(conversationParticipants.lastMessageId, before),
        eq(users.status, 'active'),
        sql`not ${blocksViewerSql(viewer.id, users.id)}`,
      ),
    )
    .orderBy(desc(conversationParticipants.lastMessageId))
    .limit(CHAT_USERS_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map(toChatUser),
    nextCursor:
      rows.length > CHAT_USERS_PAGE_SIZE && last?.position
        ? encodeCursor({ kind: 'inbox', lastMessageId: last.position })
        : null,
  };
}

/**
 * People the viewer may message whose username or display name contains `q`, in any letter
 * case, by username. Never the viewer, never an inactive account, never someone blocking the
 * viewer; people the viewer blocks are listed, marked, so they can be unblocked.
 */
async function search(
  db: Db,
  viewer: Viewer,
  q: string,
  after: string | null,
  now: Date,
): Promise<ChatUsersPage> {
  const pattern = containing(q);
  const username = sql<string>`lower(${users.username})`;
  const rows = await db
    .select({ ...chatUserColumns(viewer.id), position: username })
    .from(users)
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.userId, viewer.id),
        eq(conversationParticipants.peerId, users.id),
      ),
    )
    .leftJoin(messages, eq(messages.id, conversationParticipants.lastMessageId))
    .where(
      and(
        ne(users.id, viewer.id),
        eq(users.status, 'active'),
        or(sql`${users.username} ilike ${pattern}`, sql`${users.displayName} ilike ${pattern}`),
        after === null ? undefined : gt(username, after),
        mayBeMessagedSql(viewer, { id: users.id, role: users.role }, now),
      ),
    )
    .orderBy(username)
    .limit(CHAT_USERS_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map(toChatUser),
    nextCursor:
      rows.length > CHAT_USERS_PAGE_SIZE && last
        ? encodeCursor({ kind: 'search', username: last.position })
        : null,
  };
}
