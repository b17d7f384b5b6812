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
import { z } from 'zod';
import { cursorCodec, serialId } from '../../http/cursor';
import { chatUserColumns, toChatUser } from './chat-users.read-model';
import { blocksViewerSql, mayBeMessagedSql } from './policy';
import { conversationParticipants, messages } from './tables';

/*
 * GET /api/v1/messages/users (SPEC §2 user list with search; SPEC §9 20 a page). Both lists page
 * by keyset, never OFFSET: the inbox on the last message id of each conversation (an index
 * seek on (user_id, last_message_id)), the search on the lower-case username (the unique index
 * on lower(username) walks in that order).
 */

type Viewer = { id: string; role: Role };

// Each list has its own cursor, so one list's cursor handed to the other is a 400.
const inboxCursor = cursorCodec(z.tuple([z.literal('i'), serialId]));
const searchCursor = cursorCodec(z.tuple([z.literal('s'), z.string().regex(/^[a-z0-9_]{1,30}$/)]));

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listChatUsers(
  db: Db,
  viewer: Viewer,
  query: ChatUsersQuery,
  now: Date,
): Promise<ChatUsersPage> {
  authorize(viewer, 'message.send');
  const q = query.q ?? '';
  if (q === '') return inbox(db, viewer, inboxCursor.decode(query.cursor)?.[1] ?? null);
  return search(db, viewer, q, searchCursor.decode(query.cursor)?.[1] ?? null, now);
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
  // Never 0: the query keeps only conversations that have a last message.
  const { page, nextCursor } = inboxCursor.page(rows, CHAT_USERS_PAGE_SIZE, (r) => [
    'i',
    r.position ?? 0,
  ]);
  return { users: page.map(toChatUser), nextCursor };
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
  const { page, nextCursor } = searchCursor.page(rows, CHAT_USERS_PAGE_SIZE, (r) => [
    's',
    r.position,
  ]);
  return { users: page.map(toChatUser), nextCursor };
}
