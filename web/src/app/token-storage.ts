import { decodeTokenPayload, isTokenLive, type TokenPayload } from '../../../common/rules/token';

// SPEC §4: the token lives under `token`; the auth flow also writes it under `authToken`,
// which the creator upload call reads.
const KEYS = ['token', 'authToken'] as const;

export function storeToken(token: string): void {
  for (const key of KEYS) localStorage.setItem(key, token);
}

export function clearToken(): void {
  for (const key of KEYS) localStorage.removeItem(key);
  localStorage.removeItem('user');
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
