import { useSyncExternalStore } from 'react';
import { splitOptions } from '../../../../../common/rules/ai-reply';

/** SPEC §3: an assistant chat message. `options` are the reply's quick replies (SPEC §4). */
export interface ChatMessage {
  id: string;
  role: 'user' | 'ai';
  text: string;
  timestamp: number;
  options?: string[];
}

export type ChatErrorKey =
  | 'chatbot.error'
  | 'chatbot.errorConnection'
  | 'chatbot.errorBusy'
  | 'chatbot.errorTimeout'
  | 'chatbot.errorRefused';

export interface Conversation {
  /** Whose conversation this is: another sign-in starts a new one. */
  ownerId: string | null;
  messages: ChatMessage[];
  /** The AI message being written while a reply streams in; null when nothing is loading. */
  pendingId: string | null;
  error: { key: ChatErrorKey; reason?: string } | null;
}

// The conversation outlives the panel (SPEC §4: closed or open) and navigation; sessionStorage
// keeps it across reloads of this tab only, and it is dropped at sign-out.
const STORAGE_KEY = 'aura.assistant.conversation';
const EMPTY: Conversation = { ownerId: null, messages: [], pendingId: null, error: null };

function load(): Conversation {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Conversation | null;
    if (saved && Array.isArray(saved.messages)) {
      return { ...EMPTY, ownerId: saved.ownerId, messages: saved.messages };
    }
  } catch {
    // an unreadable saved conversation starts a new one
  }
  return EMPTY;
}

let state: Conversation = load();
const listeners = new Set<() => void>();

function update(next: Conversation): void {
  state = next;
  if (next.pendingId === null) {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ownerId: next.ownerId, messages: next.messages }),
    );
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useConversation = (): Conversation => useSyncExternalStore(subscribe, () => state);

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter += 1)}`;

/** Starts over when someone else is signed in now. */
export function ensureOwner(ownerId: string): void {
  if (state.ownerId !== ownerId) update({ ...EMPTY, ownerId });
}

/** Sign-out: nothing of the conversation stays in this tab. */
export function forgetConversation(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  state = EMPTY;
  for (const listener of listeners) listener();
}

/** Adds the user's message and an empty AI message that the reply fills in. */
export function startExchange(text: string): void {
  const now = Date.now();
  const reply: ChatMessage = { id: newId(), role: 'ai', text: '', timestamp: now };
  update({
    ...state,
    messages: [...state.messages, { id: newId(), role: 'user', text, timestamp: now }, reply],
    pendingId: reply.id,
    error: null,
  });
}

function setPending(change: (message: ChatMessage) => ChatMessage): void {
  update({
    ...state,
    messages: state.messages.map((m) => (m.id === state.pendingId ? change(m) : m)),
  });
}

/** A streamed piece of the reply. */
export function appendToReply(piece: string): void {
  if (state.pendingId) setPending((m) => ({ ...m, text: m.text + piece }));
}

/** The whole reply: its `Option:` lines become quick replies. */
export function finishReply(reply: string): void {
  const { text, options } = splitOptions(reply);
  setPending((m) => ({ ...m, text, options, timestamp: Date.now() }));
  update({ ...state, pendingId: null });
}

/** The reply failed: the empty AI message goes, the error is shown instead. */
export function failReply(error: Conversation['error']): void {
  update({
    ...state,
    messages: state.messages.filter((m) => m.id !== state.pendingId || m.text !== ''),
    pendingId: null,
    error,
  });
}
