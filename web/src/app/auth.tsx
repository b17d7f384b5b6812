import { useSyncExternalStore } from 'react';
import type { Role } from '../../../common/rules/roles';
import type { LoginResponse } from '../../../common/schemas/auth';
import { clearToken, readStoredPayload, SESSION_CHANGED_EVENT, storeToken } from './token-storage';

export interface SignedInUser {
  id: string;
  role: Role;
}

export interface AuthState {
  user: SignedInUser | null;
  signIn(session: LoginResponse): void;
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
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the token and user a sign-in answered with (SPEC §4: login stores token and user). */
function signIn(session: LoginResponse): void {
  storeToken(session.token, session.user);
}

/**
 * Revokes the token on the server, then forgets it. The local sign-out happens even when the
 * server cannot be reached or already refuses the token: the user asked to leave.
 */
async function signOut(): Promise<void> {
  try {
    // Loaded on use: the account calls and their schemas stay out of the landing page's code.
    const { logout } = await import('../api/auth');
    await logout();
  } catch {
    // Nothing to undo: an unreachable server or a dead token leaves nothing to revoke here.
  } finally {
    clearToken();
  }
}

// Other tabs report through `storage`; this tab's own changes through SESSION_CHANGED_EVENT.
window.addEventListener('storage', refresh);
window.addEventListener(SESSION_CHANGED_EVENT, refresh);
refresh();

export function useAuth(): AuthState {
  const current = useSyncExternalStore(subscribe, () => user);
  return { user: current, signIn, signOut };
}
