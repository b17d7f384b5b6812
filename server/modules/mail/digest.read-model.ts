import { and, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { newCommentsSinceSql } from '../items/index';
import { unreadMessagesSinceSql } from '../messages/index';
import { mailDigests, noticeOptOuts } from './tables';

/*
 * Read model of the daily digest (digest.ts): the accounts (users) due one, with the counts of
 * unread messages and new comments, in one statement.
 */

/** How far back the first digest of a person looks. */
const FIRST_WINDOW_MS = 24 * 3600_000;

export interface DigestCounts {
  userId: string;
  messages: number;
  comments: number;
}

/** The UTC day of a moment (YYYY-MM-DD): one digest per person and day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

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
