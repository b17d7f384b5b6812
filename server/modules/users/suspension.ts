import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema/index';

/**
 * Why an account is suspended: the reason of its latest `user.suspended` event (issue 14). The
 * audit trail is where the reason is kept, with who suspended whom and from where; sign-in
 * shows it to the suspended person. Null when none was recorded (suspended before the trail).
 */
export async function suspensionReason(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ data: auditEvents.data })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectType, 'user'),
        eq(auditEvents.subjectId, userId),
        eq(auditEvents.action, 'user.suspended'),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const reason = row?.data.reason;
  return typeof reason === 'string' ? reason : null;
}
