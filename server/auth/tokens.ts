import { jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '../../common/rules/roles';
import type { Clock } from '../context';

/** What a verified token says; `ver` ties it to the user's current token version. */
export interface VerifiedToken {
  id: string;
  role: Role;
  exp: number;
  ver: number;
  jti: string;
}

export interface TokenService {
  issue(user: { id: string; role: Role; tokenVersion: number }): Promise<string>;
  /** null for anything forged, expired, malformed or signed with another algorithm. */
  verify(token: string): Promise<VerifiedToken | null>;
}

/**
 * HS256 tokens with the SPEC §3 payload (id, role, exp in seconds). `key` is the tokens key
 * derived from the root secret (server/keys.ts), never the root secret itself.
 */
export function createTokenService(opts: {
  key: Uint8Array;
  ttlSeconds: number;
  clock: Clock;
}): TokenService {
  const { key } = opts;
  const nowSeconds = () => Math.floor(opts.clock.now().getTime() / 1000);
  return {
    async issue(user) {
      const iat = nowSeconds();
      return new SignJWT({ id: user.id, role: user.role, ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + opts.ttlSeconds)
        .setJti(crypto.randomUUID())
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: opts.clock.now(),
        });
        const { id, role, exp, ver, jti } = payload as Record<string, unknown>;
        if (typeof id !== 'string' || !isRole(role) || typeof exp !== 'number') return null;
        if (typeof ver !== 'number' || typeof jti !== 'string') return null;
        return { id, role, exp, ver, jti };
      } catch {
        return null;
      }
    },
  };
}
