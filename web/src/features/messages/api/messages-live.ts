import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { addMessage, applyReadMark, messageKeys, setUnreadTotal, upsertChatUser } from './messages';
import { realtime, type RealtimeStatus } from '../../../shared/api/realtime';
import { request } from '../../../shared/api/request';

/**
 * Keeps the tab's socket open while mounted (the signed-in header mounts it once) and feeds
 * its events into the messages caches. Every time the socket is (re)authenticated, the
 * messages queries are fetched again: whatever happened while it was away is caught up.
 */
export function useMessagesLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      realtime.on('message.created', ({ data }) => {
        addMessage(queryClient, data.peerId, data.message);
        // An answer means its writer read the conversation up to it (as the server counts it).
        if (data.message.sender === data.peerId) {
          applyReadMark(queryClient, {
            peerId: data.peerId,
            readerId: data.peerId,
            upToMessageId: data.message.id,
          });
        }
      }),
      realtime.on('message.read', ({ data }) => applyReadMark(queryClient, data)),
      realtime.on('conversation.updated', ({ data }) => {
        upsertChatUser(queryClient, data.conversation);
        setUnreadTotal(queryClient, data.unreadTotal);
      }),
      realtime.onReady(() => void queryClient.invalidateQueries({ queryKey: messageKeys.all })),
      // The server ended the session: one request with the token lets the request helper see the
      // 401 and sign the tab out, as it does for any refused token.
      realtime.onSessionEnded(() => void request('/api/v1/messages/unread').catch(() => {})),
      realtime.retain(),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}

/** Whether the live connection is up (the messages page says so when it is not). */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.subscribeStatus(listener),
    () => realtime.status,
  );
}
