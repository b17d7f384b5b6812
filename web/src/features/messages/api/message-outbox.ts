import { useSyncExternalStore } from 'react';

/*
 * Messages on their way (issue 11: optimistic send with a pending mark, retry on failure,
 * nothing typed is lost). They live beside the server's history, not inside its cache, so a
 * refetch or a reconnect's catch-up never wipes one out; each leaves when the server's copy of
 * it (same clientId) arrives, by the POST's answer or by the socket, whichever comes first.
 */

export interface OutgoingMessage {
  clientId: string;
  peerId: string;
  text: string;
  status: 'pending' | 'failed';
  /** ISO 8601, when it was typed: where it shows until the server's timestamp replaces it. */
  createdAt: string;
}

const EMPTY: readonly OutgoingMessage[] = [];
let byPeer = new Map<string, readonly OutgoingMessage[]>();
const listeners = new Set<() => void>();

function change(peerId: string, next: (list: readonly OutgoingMessage[]) => OutgoingMessage[]) {
  const updated = next(byPeer.get(peerId) ?? EMPTY);
  byPeer = new Map(byPeer);
  if (updated.length === 0) byPeer.delete(peerId);
  else byPeer.set(peerId, updated);
  for (const listener of listeners) listener();
}

export const outbox = {
  add(message: OutgoingMessage): void {
    change(message.peerId, (list) => [...list, message]);
  },
  setStatus(peerId: string, clientId: string, status: OutgoingMessage['status']): void {
    change(peerId, (list) => list.map((m) => (m.clientId === clientId ? { ...m, status } : m)));
  },
  /** The server has it: the stored message takes its place. */
  settle(peerId: string, clientId: string | null): void {
    if (!clientId || !byPeer.get(peerId)?.some((m) => m.clientId === clientId)) return;
    change(peerId, (list) => list.filter((m) => m.clientId !== clientId));
  },
  find(peerId: string, clientId: string): OutgoingMessage | undefined {
    return byPeer.get(peerId)?.find((m) => m.clientId === clientId);
  },
};

/** The messages to `peerId` still on their way, oldest first. */
export function useOutgoingMessages(peerId: string): readonly OutgoingMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => byPeer.get(peerId) ?? EMPTY,
  );
}
