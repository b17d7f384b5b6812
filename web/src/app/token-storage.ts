import { decodeTokenPayload, isTokenLive, type TokenPayload } from '../../../common/rules/token';
import type { AuthUser } from '../../../common/schemas/auth';

// SPEC §4: the token lives under `token`; the auth flow also writes it under `authToken`,
// which the creator upload call reads. Login also keeps the user it answered with.
const KEYS = ['token', 'authToken'] as const;
export const USER_KEY = 'user';

/**
 * Fired on this window whenever the stored session changes: the browser's own `storage` event
 * only reaches other tabs, and a session can end anywhere (logout, a refused token).
 */
export const SESSION_CHANGED_EVENT = 'aura:session-changed';

const announce = () => window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));

/** Stores a token, and the user it belongs to when the answer gave one (sign-in, signup). */
export function storeToken(token: string, user?: AuthUser): void {
  for (const key of KEYS) localStorage.setItem(key, token);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  announce();
}

export function clearToken(): void {
  for (const key of KEYS) localStorage.removeItem(key);
  localStorage.removeItem(USER_KEY);
  announce();
}

/** The stored token if it decodes and has not expired; otherwise it is removed (SPEC §4). */
export function readStoredToken(): string | null {
  const token = localStorage.getItem('token') ?? localStorage.getItem('authToken');
  if (!token) return null;
  if (!isTokenLive(decodeTokenPayload(token), Date.now())) {
    clearToken();
    return null;
  }
  return token;
}

export function readStoredPayload(): TokenPayload | null {
  const token = readStoredToken();
  return token ? decodeTokenPayload(token) : null;
}

/**
 * SPEC §4: the creator upload reads the token stored as `authToken`; the login flow writes the
 * same token under both keys, so the main one stands in when only that is present.
 */
export function readUploadToken(): string | null {
  const stored = localStorage.getItem('authToken');
  if (stored && isTokenLive(decodeTokenPayload(stored), Date.now())) return stored;
  return readStoredToken();
}
