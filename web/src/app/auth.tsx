import { useSyncExternalStore, type ReactNode } from 'react';
import type { Role } from '../../../common/rules/roles';
import { clearToken, readStoredPayload } from './token-storage';

export interface SignedInUser {
  id: string;
  role: Role;
}

export interface AuthState {
  user: SignedInUser | null;
  signOut(): Promise<void>;
}

// The signed-in user is derived from the stored token (SPEC §4: valid only if it decodes and has
// not expired). A module-level store rather than React state, so every part of the tree, inside
// or outside a provider, sees the same user.
let user: SignedInUser | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function refresh(): void {
  const payload = readStoredPayload();
  const next = payload ? { id: payload.id, role: payload.role } : null;
  clearTimeout(expiryTimer);
  if (payload) {
    // setTimeout's limit is about 24.8 days; a later expiry is re-checked then.
    const delay = Math.min(payload.exp * 1000 - Date.now(), 2_147_000_000);
    expiryTimer = setTimeout(refresh, Math.max(0, delay));
  }
  if (next?.id === user?.id && next?.role === user?.role) return;
  user = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', refresh);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', refresh);
  };
}

/** Call after storing or removing a token so subscribers re-read it. */
export const notifyAuthChanged = refresh;

async function signOut(): Promise<void> {
  clearToken();
  refresh();
}

refresh();

export function useAuth(): AuthState {
  const current = useSyncExternalStore(subscribe, () => user);
  return { user: current, signOut };
}

/** Kept for the app root; the state itself lives in the module store above. */
export function AuthProvider({ children }: { children: ReactNode }) {
  return children;
}
