import type { Database, DatabaseHandle } from '../../db/client';
import { systemMeta } from '../../events/record';
import type { JobRunner } from '../../jobs/runner';
import { dueDigests, utcDay } from './digest.read-model';
import { queueMail } from './queue';
import { mailDigests } from './tables';

/*
 * The daily digest (issue 16): once per UTC day at most, a person with something new gets one
 * mail counting the messages they have not read yet and the comments others wrote on their
 * items, both since their previous digest (the last 24 hours before the first one). Nothing
 * new, no mail: a message still unread tomorrow is not mailed about again.
 */

/** The periodic job's name; it runs hourly, once per cluster. */
export const DIGEST_JOB = 'mail-digest';
const DIGEST_CHECK_MS = 3600_000;

/**
 * Queues today's digests (issue 16 "daily digest"): at most one per person and UTC day (the
 * key `digest:<user>:<day>`), each in a transaction with the mark the next one counts from.
 * Resolves with how many were queued.
 */
export async function queueDigests(db: Database, now: Date): Promise<number> {
  const due = await dueDigests(db, now);
  const day = utcDay(now);
  let queued = 0;
  for (const digest of due) {
    await db.transaction(async (tx) => {
      const isNew = await queueMail(
        tx,
        {
          template: 'digest',
          userId: digest.userId,
          params: { messages: String(digest.messages), comments: String(digest.comments) },
          path: '/dashboard',
        },
        `digest:${digest.userId}:${day}`,
        systemMeta(now),
      );
      if (!isNew) return;
      await tx
        .insert(mailDigests)
        .values({ userId: digest.userId, lastQueuedAt: now })
        .onConflictDoUpdate({ target: mailDigests.userId, set: { lastQueuedAt: now } });
      queued += 1;
    });
  }
  return queued;
}

/** Hourly, once per cluster: queue the digests that are due. */
export function scheduleDigests(c: {
  database: DatabaseHandle;
  jobs: Pick<JobRunner, 'every'>;
}): void {
  c.jobs.every(DIGEST_JOB, DIGEST_CHECK_MS, (now) => queueDigests(c.database.db, now));
}
