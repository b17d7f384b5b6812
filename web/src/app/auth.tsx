import { useSyncExternalStore } from 'react';
import type { Role } from '../../../common/rules/roles';
import type { LoginResponse } from '../../../common/schemas/auth';
import { clearToken, readStoredPayload, SESSION_CHANGED_EVENT, storeToken } from './token-storage';

export interface SignedInUser {
  id: string;
  role: Role;
  /** Whether the server has confirmed the role (else it is the token's, maybe stale). */
  isRoleConfirmed: boolean;
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
// The server decides the role (issue 9): a promotion keeps the token, which still names the old
// role. The role the server last answered for this account wins over the token's.
let serverRole: { id: string; role: Role } | null = null;

function refresh(): void {
  const payload = readStoredPayload();
  const confirmed = payload !== null && serverRole?.id === payload.id;
  const role = confirmed && serverRole ? serverRole.role : payload?.role;
  const next = payload && role ? { id: payload.id, role, isRoleConfirmed: confirmed } : null;
  clearTimeout(expiryTimer);
  if (payload) {
    // setTimeout's limit is about 24.8 days; a later expiry is re-checked then.
    const delay = Math.min(payload.exp * 1000 - Date.now(), 2_147_000_000);
    expiryTimer = setTimeout(refresh, Math.max(0, delay));
  }
  if (
    next?.id === user?.id &&
    next?.role === user?.role &&
    next?.isRoleConfirmed === user?.isRoleConfirmed
  ) {
    return;
  }
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
    const { logout } = await import('../features/auth/api/auth');
    await logout();
  } catch {
    // Nothing to undo: an unreachable server or a dead token leaves nothing to revoke here.
  } finally {
    clearToken();
  }
}

/** Takes the role the server answered for the signed-in account (its own profile). */
export function adoptServerRole(id: string, role: Role): void {
  serverRole = { id, role };
  refresh();
}

/** The server could not be asked: the token's role is taken as it is. */
export function confirmTokenRole(id: string): void {
  const payload = readStoredPayload();
  if (payload?.id === id) adoptServerRole(id, payload.role);
}

// Other tabs report through `storage`; this tab's own changes through SESSION_CHANGED_EVENT.
window.addEventListener('storage', refresh);
window.addEventListener(SESSION_CHANGED_EVENT, refresh);
refresh();

export function useAuth(): AuthState {
  const current = useSyncExternalStore(subscribe, () => user);
  return { user: current, signIn, signOut };
}
