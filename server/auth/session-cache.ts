import { and, eq, gt } from 'drizzle-orm';
import type { PublishedEvent } from '../../common/events';
import type { Role } from '../../common/rules/roles';
import type { UserStatus } from '../../common/schemas/users';
import type { Clock } from '../context';
import type { Database } from '../db/client';
import type { CommittedEvent } from '../db/commit-hooks';
import { revokedTokens, users } from '../db/schema/index';
import { isSessionEvent } from '../events/relayed';

/** What the guard needs to know of an account to honour its tokens. */
export interface AccountState {
  role: Role;
  username: string;
  status: UserStatus;
  tokenVersion: number;
  /** Tokens of this account ended by logout and not yet expired. */
  revokedJtis: ReadonlySet<string>;
}

export interface SessionCache {
  /** The account's state, from memory when fresh, else from the database (one query). */
  get(userId: string): Promise<AccountState | null>;
  forget(userId: string): void;
  /** Drops every account (the bus was lost or is back: events may have been missed). */
  forgetAll(): void;
  /** Drops the account an event is about when it can end sessions (local commit or the bus). */
  hear(event: CommittedEvent | PublishedEvent): void;
}

/**
 * Per-process cache of account states (issue 17): a request with a valid token needs no
 * database round trip. Entries live `ttlMs` at most and are dropped at once when a
 * session-ending event commits on this instance or arrives over the bus from another, so
 * logout, demotion and suspension still take effect at once.
 */
export function createSessionCache(opts: {
  db: Database;
  clock: Clock;
  ttlMs: number;
  /**
   * Whether session-ending events of other instances reach this one (the bus is connected).
   * While they do not, an entry lives `outageTtlMs` at most (issue 20: a logout holds on every
   * instance within a second during a Redis outage too).
   */
  hearsOthers?: () => boolean;
  outageTtlMs?: number;
  maxEntries?: number;
}): SessionCache {
  const maxEntries = opts.maxEntries ?? 50_000;
  const entries = new Map<string, { state: AccountState | null; until: number }>();
  // A lookup in flight when its account changes must not be cached afterwards.
  const generation = new Map<string, number>();
  let epoch = 0;

  async function load(userId: string): Promise<AccountState | null> {
    const now = opts.clock.now();
    const [rows, revoked] = await Promise.all([
      opts.db
        .select({
          role: users.role,
          username: users.username,
          status: users.status,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
      opts.db
        .select({ jti: revokedTokens.jti })
        .from(revokedTokens)
        .where(and(eq(revokedTokens.userId, userId), gt(revokedTokens.expiresAt, now))),
    ]);
    const row = rows[0];
    return row ? { ...row, revokedJtis: new Set(revoked.map((r) => r.jti)) } : null;
  }

  const forget = (userId: string) => {
    entries.delete(userId);
    generation.set(userId, (generation.get(userId) ?? 0) + 1);
  };

  return {
    async get(userId) {
      const nowMs = Date.now();
      const hit = entries.get(userId);
      if (hit && hit.until > nowMs) return hit.state;
      const started = generation.get(userId) ?? 0;
      const startedEpoch = epoch;
      const state = await load(userId);
      if ((generation.get(userId) ?? 0) === started && epoch === startedEpoch) {
        if (entries.size >= maxEntries) entries.clear();
        const hearsOthers = opts.hearsOthers?.() ?? true;
        const ttlMs = hearsOthers ? opts.ttlMs : Math.min(opts.ttlMs, opts.outageTtlMs ?? 0);
        entries.set(userId, { state, until: nowMs + ttlMs });
      }
      return state;
    },
    forget,
    forgetAll() {
      entries.clear();
      epoch += 1;
    },
    hear(event) {
      if (isSessionEvent(event.event.type)) forget(event.event.subjectId);
    },
  };
}
