import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import { users } from './tables';

/** How stale SPEC §3's lastOnline may be: an account's activity is written at most this often. */
export const ACTIVITY_INTERVAL_MS = 5 * 60_000;

export interface ActivityRecorder {
  /** Notes a request with a live token of `userId`; writes only when the last write is stale. */
  seen(userId: string): Promise<void>;
}

/**
 * SPEC §3 lastOnline is the account's last activity, not its last sign-in. Writing it on every
 * request would put a write on the hot path, so it is written at most once per interval: the
 * UPDATE changes the row only when its value is older than the interval, which holds across any
 * number of app instances, and each instance remembers what it last wrote (or found fresh) so it
 * does not even ask again within the interval. Not a domain event: a presence hint, not a change
 * anyone audits. A failed write is reported and waits for the next interval; the request goes on.
 */
export function createActivityRecorder(opts: {
  db: Database;
  clock: Clock;
  reportError: (err: unknown, context: string) => void;
  intervalMs?: number;
  maxEntries?: number;
}): ActivityRecorder {
  const intervalMs = opts.intervalMs ?? ACTIVITY_INTERVAL_MS;
  const maxEntries = opts.maxEntries ?? 50_000;
  const checkedAt = new Map<string, number>();

  return {
    async seen(userId) {
      const now = opts.clock.now();
      const last = checkedAt.get(userId);
      if (last !== undefined && now.getTime() - last < intervalMs) return;
      if (checkedAt.size >= maxEntries) checkedAt.clear();
      checkedAt.set(userId, now.getTime());
      const stale = new Date(now.getTime() - intervalMs);
      try {
        await opts.db
          .update(users)
          .set({ lastActiveAt: now })
          .where(
            and(
              eq(users.id, userId),
              or(isNull(users.lastActiveAt), lt(users.lastActiveAt, stale)),
            ),
          );
      } catch (err) {
        opts.reportError(err, 'recording last activity');
      }
    },
  };
}
