import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { OutboxResponse } from '../../../common/schemas/mail';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema/index';
import { MAIL_JOB, type MailJobPayload } from './queue';
import { hideTokenParams } from './secrets';
import { mailOutbox } from './tables';

type JobRow = typeof jobs.$inferSelect;

/** How the outbox page reads the mail delivery it depends on. */
export interface OutboxSetting {
  transport: 'outbox' | 'smtp';
  /** Production without an SMTP server (the start log warns too). */
  notDelivered: boolean;
}

/** The addresses of the jobs' recipients: the payload's own address, else the account's. */
async function addressesOf(db: Db, rows: readonly JobRow[]): Promise<(string | null)[]> {
  const payloads = rows.map((j) => j.payload as unknown as MailJobPayload);
  const userIds = [...new Set(payloads.map((p) => p.userId))].filter(
    (id): id is string => typeof id === 'string',
  );
  const accounts = new Map(
    userIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u.email]),
  );
  return payloads.map((p) => p.to ?? accounts.get(p.userId) ?? null);
}

/**
 * GET /api/v1/admin/outbox (issue 16, admins only): the mails the outbox adapter kept, newest
 * first, with the secrets of their links hidden (issue 19); the mails the runner gave up on and
 * those still waiting, with their tries and last error (with any adapter).
 */
export async function listOutbox(
  db: Db,
  actor: Actor | null,
  setting: OutboxSetting,
  limit: number,
): Promise<OutboxResponse> {
  authorize(actor, 'admin.outbox.read');
  const mails = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
    .limit(limit);
  const failedJobs = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, 'failed')))
    .orderBy(desc(jobs.id))
    .limit(limit);
  const waitingJobs = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(asc(jobs.id))
    .limit(limit);
  const failedTo = await addressesOf(db, failedJobs);
  const waitingTo = await addressesOf(db, waitingJobs);
  const [pending] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), inArray(jobs.status, ['queued', 'running'])));
  const templateOf = (j: JobRow) => String((j.payload as unknown as MailJobPayload).template);
  return {
    ...setting,
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      // Stored without secrets; this also hides tokens of mails stored before that was so.
      text: hideTokenParams(m.text),
      html: hideTokenParams(m.html),
      template: m.template,
      sentAt: m.sentAt.toISOString(),
    })),
    failed: failedJobs.map((j, i) => ({
      id: j.id,
      template: templateOf(j),
      to: failedTo[i] ?? null,
      attempts: j.attempts,
      lastError: j.lastError,
      failedAt: j.finishedAt?.toISOString() ?? null,
    })),
    pending: pending?.n ?? 0,
    waiting: waitingJobs.map((j, i) => ({
      id: j.id,
      template: templateOf(j),
      to: waitingTo[i] ?? null,
      attempts: j.attempts,
      lastError: j.lastError,
      nextAttemptAt: j.runAt.toISOString(),
    })),
  };
}
