import { and, count, eq, inArray, lt, or } from 'drizzle-orm';
import type { MailHealth } from '../../../common/schemas/mail';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema/index';
import { MAIL_JOB } from './queue';

/**
 * A mail still waiting this long after it was queued is late: the first try comes within
 * seconds, so by then tries have failed (a mail server away) or the job runner is not running.
 */
export const MAIL_OVERDUE_MS = 15 * 60_000;

/**
 * Undelivered mail for GET /api/v1/health (issue 19): the mails the runner gave up on plus
 * those waiting longer than MAIL_OVERDUE_MS. One count over the jobs' kind and status index.
 */
export async function mailBacklog(db: Db, now: Date): Promise<MailHealth> {
  const overdueSince = new Date(now.getTime() - MAIL_OVERDUE_MS);
  const rows = await db
    .select({ status: jobs.status, n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, MAIL_JOB),
        or(
          eq(jobs.status, 'failed'),
          and(inArray(jobs.status, ['queued', 'running']), lt(jobs.createdAt, overdueSince)),
        ),
      ),
    )
    .groupBy(jobs.status);
  const failed = rows.find((r) => r.status === 'failed')?.n ?? 0;
  const overdue = rows.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.n, 0);
  return {
    undelivered: failed + overdue,
    failed,
    overdue,
    overdueAfterSeconds: MAIL_OVERDUE_MS / 1000,
  };
}
