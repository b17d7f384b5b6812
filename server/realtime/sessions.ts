import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { revokedTokens, users } from '../db/schema/index';

/** What a socket was authenticated with: checked again whenever its session may have ended. */
export interface SocketSession {
  userId: string;
  jti: string;
  ver: number;
  /** Token expiry, in seconds since the epoch. */
  exp: number;
}

/**
 * The sessions among `sessions` that are still live, by jti: the same test as the HTTP guard
 * (server/auth/guard.ts resolveViewer: active account, current token version, not logged out,
 * not expired), made for many sockets in two queries.
 */
export async function liveSessions(
  db: Database,
  sessions: readonly SocketSession[],
  now: Date,
): Promise<Set<string>> {
  if (sessions.length === 0) return new Set();
  const userIds = [...new Set(sessions.map((s) => s.userId))];
  const jtis = [...new Set(sessions.map((s) => s.jti))];
  const [accounts, revoked] = await Promise.all([
    db
      .select({ id: users.id, status: users.status, tokenVersion: users.tokenVersion })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select({ jti: revokedTokens.jti })
      .from(revokedTokens)
      .where(inArray(revokedTokens.jti, jtis)),
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const revokedJtis = new Set(revoked.map((r) => r.jti));
  const nowSeconds = now.getTime() / 1000;
  const live = new Set<string>();
  for (const s of sessions) {
    const account = byId.get(s.userId);
    if (!account || account.status !== 'active' || account.tokenVersion !== s.ver) continue;
    if (revokedJtis.has(s.jti) || s.exp <= nowSeconds) continue;
    live.add(s.jti);
  }
  return live;
}
