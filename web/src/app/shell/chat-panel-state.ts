import { useSyncExternalStore } from 'react';

// The header's chat toggle and the AI chat panel (SPEC §2, §4: closed or open) share this state,
// so the panel can live anywhere in the layout without prop drilling.
let isOpen = false;
const listeners = new Set<() => void>();

function setOpen(value: boolean): void {
  isOpen = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChatPanel(): { isOpen: boolean; toggle(): void; close(): void } {
  const value = useSyncExternalStore(subscribe, () => isOpen);
  return { isOpen: value, toggle: () => setOpen(!isOpen), close: () => setOpen(false) };
}
