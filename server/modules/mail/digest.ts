import { and, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import { systemMeta } from '../../events/record';
import type { JobRunner } from '../../jobs/runner';
import { newCommentsSinceSql } from '../items/index';
import { unreadMessagesSinceSql } from '../messages/index';
import { queueMail } from './queue';
import { mailDigests, noticeOptOuts } from './tables';

/*
 * The daily digest (issue 16): once per UTC day at most, a person with something new gets one
 * mail counting the messages they have not read yet and the comments others wrote on their
 * items, both since their previous digest (the last 24 hours before the first one). Nothing
 * new, no mail: a message still unread tomorrow is not mailed about again.
 */

/** The periodic job's name; it runs hourly, once per cluster. */
export const DIGEST_JOB = 'mail-digest';
const DIGEST_CHECK_MS = 3600_000;
/** How far back the first digest of a person looks. */
const FIRST_WINDOW_MS = 24 * 3600_000;

export interface DigestCounts {
  userId: string;
  messages: number;
  comments: number;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Who gets a digest now, with its counts, in one statement: active accounts that did not switch
 * `digest` off, had none today, and have something new.
 */
export async function dueDigests(db: Database, now: Date): Promise<DigestCounts[]> {
  const dayStart = new Date(`${utcDay(now)}T00:00:00.000Z`);
  const firstSince = new Date(now.getTime() - FIRST_WINDOW_MS).toISOString();
  const since = sql`coalesce(${mailDigests.lastQueuedAt}, ${firstSince}::timestamptz)`;
  const counts = db
    .select({
      userId: users.id,
      messages: unreadMessagesSinceSql(users.id, since, now).as('messages'),
      comments: newCommentsSinceSql(users.id, since, now).as('comments'),
    })
    .from(users)
    .leftJoin(mailDigests, eq(mailDigests.userId, users.id))
    .where(
      and(
        eq(users.status, 'active'),
        or(isNull(mailDigests.lastQueuedAt), lt(mailDigests.lastQueuedAt, dayStart)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(noticeOptOuts)
            .where(and(eq(noticeOptOuts.userId, users.id), eq(noticeOptOuts.kind, 'digest'))),
        ),
      ),
    )
    .as('digest_counts');
  return db
    .select({ userId: counts.userId, messages: counts.messages, comments: counts.comments })
    .from(counts)
    .where(or(gt(counts.messages, 0), gt(counts.comments, 0)));
}

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
