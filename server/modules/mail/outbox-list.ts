import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { OutboxResponse } from '../../../common/schemas/mail';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema/index';
import { MAIL_JOB, type MailJobPayload } from './queue';
import { mailOutbox } from './tables';

/**
 * GET /api/v1/admin/outbox (issue 16, admins only): the mails the outbox adapter kept, newest
 * first, the mails the runner gave up on (with any adapter), and how many wait to be sent.
 */
export async function listOutbox(
  db: Db,
  actor: Actor | null,
  transport: 'outbox' | 'smtp',
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
  const userIds = [
    ...new Set(failedJobs.map((j) => (j.payload as unknown as MailJobPayload).userId)),
  ].filter((id): id is string => typeof id === 'string');
  const addresses = new Map(
    userIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u.email]),
  );
  const [pending] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), inArray(jobs.status, ['queued', 'running'])));
  return {
    transport,
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      template: m.template,
      sentAt: m.sentAt.toISOString(),
    })),
    failed: failedJobs.map((j) => {
      const payload = j.payload as unknown as MailJobPayload;
      return {
        id: j.id,
        template: String(payload.template),
        to: payload.to ?? addresses.get(payload.userId) ?? null,
        attempts: j.attempts,
        lastError: j.lastError,
        failedAt: j.finishedAt?.toISOString() ?? null,
      };
    }),
    pending: pending?.n ?? 0,
  };
}
