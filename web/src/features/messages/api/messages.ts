import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ClientEventMap } from '../../../../../common/realtime';
import { BlockResponse } from '../../../../../common/schemas/blocks';
import {
  ChatUsersPage,
  MarkReadResponse,
  MessageHistory,
  SendMessageResponse,
  UnreadSummary,
  type ChatUser,
  type DirectMessage,
} from '../../../../../common/schemas/messages';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { outbox } from './message-outbox';
import { realtime } from '../../../shared/api/realtime';
import { request } from '../../../shared/api/request';

/*
 * Direct messages (issue 11): the inbox and search, a conversation's history, sending, read
 * marks, blocks and reports. The socket's events patch these caches (messages-live.ts); a
 * reconnect refetches them, so nothing sent meanwhile is missed.
 */

export const messageKeys = {
  all: ['messages'] as const,
  /** '' is the inbox; any other text a search. */
  users: (q: string) => ['messages', 'users', q] as const,
  usersAll: ['messages', 'users'] as const,
  conversation: (peerId: string) => ['messages', 'conversation', peerId] as const,
  unread: ['messages', 'unread'] as const,
};

type UsersData = InfiniteData<ChatUsersPage, string | null>;
type ConversationData = InfiniteData<MessageHistory, string | null>;

const peerPath = (peerId: string) => `/api/v1/messages/${encodeURIComponent(peerId)}`;

/** Message ids are decimal text: newest (largest) first. */
export const compareNewestFirst = (a: { id: string }, b: { id: string }): number =>
  b.id.length - a.id.length || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** GET /api/v1/messages/users: the inbox (q '') or a search, 20 people a page. */
export function useChatUsers(q: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.users(q),
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (pageParam) query.set('cursor', pageParam);
      const suffix = query.toString();
      return ChatUsersPage.parse(
        await request(`/api/v1/messages/users${suffix ? `?${suffix}` : ''}`),
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/v1/messages/{userId}: newest page first; the next page is older. */
export function useConversation(peerId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(peerId),
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      return MessageHistory.parse(await request(`${peerPath(peerId)}${query}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** The header badge: unread messages over all conversations. */
export function useUnreadTotal() {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: async () => UnreadSummary.parse(await request('/api/v1/messages/unread')).total,
  });
}

export const setUnreadTotal = (queryClient: QueryClient, total: number) =>
  queryClient.setQueryData(messageKeys.unread, total);

/** Puts a stored message into the conversation's cache once, and retires its pending copy. */
export function addMessage(queryClient: QueryClient, peerId: string, message: DirectMessage) {
  queryClient.setQueryData<ConversationData>(messageKeys.conversation(peerId), (data) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const messages = [message, ...newest.messages].sort(compareNewestFirst);
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
  outbox.settle(peerId, message.clientId);
}

/** A person's row as the server now answers it, wherever the inbox or a search shows them. */
export function upsertChatUser(queryClient: QueryClient, person: ChatUser) {
  for (const [key] of queryClient.getQueriesData<UsersData>({ queryKey: messageKeys.usersAll })) {
    const isInbox = key[2] === '';
    queryClient.setQueryData<UsersData>(key, (data) => {
      if (!data) return data;
      if (!isInbox) {
        const pages = data.pages.map((page) => ({
          ...page,
          users: page.users.map((u) => (u.id === person.id ? person : u)),
        }));
        return { ...data, pages };
      }
      // The inbox is most recent first: the row moves to the top (a conversation without
      // messages has no place in it).
      const pages = data.pages.map((page) => ({
        ...page,
        users: page.users.filter((u) => u.id !== person.id),
      }));
      const [first, ...rest] = pages;
      if (!first || !person.lastMessage) return { ...data, pages };
      return { ...data, pages: [{ ...first, users: [person, ...first.users] }, ...rest] };
    });
  }
  const key = messageKeys.conversation(person.id);
  const cached = queryClient.getQueryData<ConversationData>(key)?.pages[0]?.peer;
  queryClient.setQueryData<ConversationData>(key, (data) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest) return data;
    return { ...data, pages: [{ ...newest, peer: person }, ...older] };
  });
  // Blocked or unblocked (on another tab): what may be sent is the server's to say again.
  if (cached && cached.blockedByMe !== person.blockedByMe) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Someone read a conversation: the other side's "seen" mark, or this viewer's other tab. */
export function applyReadMark(
  queryClient: QueryClient,
  { peerId, readerId, upToMessageId }: ClientEventMap['message.read'],
) {
  if (readerId !== peerId) return; // the viewer's own read: conversation.updated carries it
  queryClient.setQueryData<ConversationData>(messageKeys.conversation(peerId), (data) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest) return data;
    const current = newest.peerReadUpTo;
    const isNewer = !current || compareNewestFirst({ id: upToMessageId }, { id: current }) < 0;
    if (!isNewer) return data;
    return { ...data, pages: [{ ...newest, peerReadUpTo: upToMessageId }, ...older] };
  });
}

/**
 * POST /api/v1/messages/{userId}, optimistic: the message shows at once, marked pending, and
 * stays (marked failed, with a retry) when the send fails. A retry reuses its clientId, so the
 * server stores it once however often it is tried.
 */
export function useSendMessage(peerId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (message: { clientId: string; text: string }) =>
      SendMessageResponse.parse(await request(peerPath(peerId), { method: 'POST', body: message })),
    onSuccess: ({ message }) => {
      addMessage(queryClient, peerId, message);
      // Without the socket, nobody else will tell the inbox.
      if (realtime.status !== 'online') {
        void queryClient.invalidateQueries({ queryKey: messageKeys.users('') });
      }
    },
    onError: (_error, { clientId }) => outbox.setStatus(peerId, clientId, 'failed'),
  });
  return {
    send(text: string) {
      const clientId = newIdempotencyKey();
      outbox.add({
        clientId,
        peerId,
        text,
        status: 'pending',
        createdAt: new Date().toISOString(),
      });
      mutation.mutate({ clientId, text });
    },
    retry(clientId: string) {
      const message = outbox.find(peerId, clientId);
      if (!message) return;
      outbox.setStatus(peerId, clientId, 'pending');
      mutation.mutate({ clientId, text: message.text });
    },
    error: mutation.error,
  };
}

/** POST /api/v1/messages/{userId}/read: read up to a message; the badge follows the answer. */
export function useMarkRead(peerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upTo: string) =>
      MarkReadResponse.parse(
        await request(`${peerPath(peerId)}/read`, { method: 'POST', body: { upTo } }),
      ),
    onSuccess: (answer) => {
      setUnreadTotal(queryClient, answer.unreadTotal);
      const conversation = queryClient.getQueryData<ConversationData>(
        messageKeys.conversation(peerId),
      );
      const peer = conversation?.pages[0]?.peer;
      if (peer) upsertChatUser(queryClient, { ...peer, unread: answer.unread });
    },
  });
}

/** POST (block) or DELETE (unblock) /api/v1/users/{id}/block. */
export function useBlock(peerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shouldBlock: boolean) =>
      BlockResponse.parse(
        await request(`/api/v1/users/${encodeURIComponent(peerId)}/block`, {
          method: shouldBlock ? 'POST' : 'DELETE',
        }),
      ),
    // What may be sent now is the server's to say: read the conversation again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.conversation(peerId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.usersAll }),
      ]),
  });
}
