import { isRole, type Role } from './roles';

/** SPEC §3 token payload: id, role, exp in seconds since the epoch. */
export interface TokenPayload {
  id: string;
  role: Role;
  exp: number;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload without checking the signature: the client only needs to know when to stop. */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const { id, role, exp } = payload as Record<string, unknown>;
    if (typeof id !== 'string' || !isRole(role) || typeof exp !== 'number') return null;
    return { id, role, exp };
  } catch {
    return null;
  }
}

/** SPEC §4: valid only if it decodes and is not expired. */
export function isTokenLive(payload: TokenPayload | null, nowMs: number): payload is TokenPayload {
  return payload !== null && payload.exp * 1000 > nowMs;
}
